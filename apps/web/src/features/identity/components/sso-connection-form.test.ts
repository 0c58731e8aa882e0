import type { SsoConnection } from '@rcm/shared/sso';
import { describe, expect, it } from 'vitest';
import { bodyOf, formField, valuesOf } from './sso-connection-form.ts';

const connection = {
  id: 4,
  name: 'Entra',
  issuer: 'https://login.example.com/tenant/v2.0',
  client_id: 'console',
  client_secret_set: true,
  email_domains: ['freshmart.example', 'fm.example'],
  claims: { email: 'email', name: 'name', groups: 'groups' },
  jit: { enabled: true, role_id: 3, location_ids: null },
  role_mappings: [{ group: 'store-managers', role_id: 2, location_ids: [7, 9] }],
  require_sso: true,
  break_glass_user_ids: [12],
} as unknown as SsoConnection;

describe('the single sign-on connection form', () => {
  it("turns a connection into the form's values and back into the same body", () => {
    const values = valuesOf(connection);
    expect(values.email_domains).toBe('freshmart.example, fm.example');
    expect(values.jit_access).toEqual({ all_locations: true, location_ids: [] });
    expect(values.role_mappings[0]).toEqual({
      group: 'store-managers',
      role_id: '2',
      access: { all_locations: false, location_ids: [7, 9] },
    });
    expect(bodyOf(values)).toEqual({
      name: 'Entra',
      issuer: 'https://login.example.com/tenant/v2.0',
      client_id: 'console',
      client_secret: null,
      email_domains: ['freshmart.example', 'fm.example'],
      claims: { email: 'email', name: 'name', groups: 'groups' },
      jit: { enabled: true, role_id: 3, location_ids: null },
      role_mappings: [{ group: 'store-managers', role_id: 2, location_ids: [7, 9] }],
      require_sso: true,
      break_glass_user_ids: [12],
    });
  });

  it('reads domains separated by spaces, commas or semicolons, and a new secret', () => {
    const values = { ...valuesOf(null), email_domains: ' a.example;b.example  c.example,', client_secret: 's3cret' };
    const body = bodyOf(values);
    expect(body.email_domains).toEqual(['a.example', 'b.example', 'c.example']);
    expect(body.client_secret).toBe('s3cret');
    expect(body.jit).toEqual({ enabled: false, role_id: null, location_ids: null });
  });

  it("names the form's field for each of the server's", () => {
    expect(formField('email_domains.1')).toBe('email_domains');
    expect(formField('jit.role_id')).toBe('jit_role_id');
    expect(formField('jit.location_ids')).toBe('jit_access');
    expect(formField('role_mappings.0.location_ids')).toBe('role_mappings.0.access');
    expect(formField('role_mappings.2.group')).toBe('role_mappings.2.group');
    expect(formField('break_glass_user_ids.0')).toBe('break_glass_user_ids');
    expect(formField('issuer')).toBe('issuer');
  });
});
