import { describe, expect, it } from 'vitest';
import { isConsolePath, ssoConnectionBody } from './sso.ts';

describe('isConsolePath', () => {
  it('accepts the console’s own paths and nothing that leaves it', () => {
    for (const ok of ['/', '/alarms?status=active', '/controllers/12/view#charts'])
      expect(isConsolePath(ok)).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'evil.example',
      '/api/auth/logout',
      '/ spaced',
      `/${'x'.repeat(600)}`,
    ])
      expect(isConsolePath(bad), bad).toBe(false);
  });
});

describe('ssoConnectionBody', () => {
  const body = {
    name: 'Entra ID',
    issuer: 'https://login.example.com/tenant/v2.0',
    client_id: 'abc',
    client_secret: null,
    email_domains: [' FreshMart.COM '],
    claims: { email: 'email', name: 'name', groups: 'groups' },
    jit: { enabled: false, role_id: null, location_ids: null },
    role_mappings: [],
    require_sso: false,
    break_glass_user_ids: [],
  };
  it('keeps domains in lower case and refuses what is not a domain', () => {
    expect(ssoConnectionBody.parse(body).email_domains).toEqual(['freshmart.com']);
    for (const bad of ['freshmart', '@freshmart.com', 'https://freshmart.com', 'fresh mart.com'])
      expect(ssoConnectionBody.safeParse({ ...body, email_domains: [bad] }).success, bad).toBe(false);
  });
});
