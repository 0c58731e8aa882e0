import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { SecurityPolicySection } from './security-policy-section.tsx';

const admin = testUser({ permissions: ['settings_view', 'settings_update', 'organization_view'] });
const POLICY = {
  organization_id: 1,
  require_mfa: 'off',
  require_mfa_role_ids: [],
  allowed_methods: ['webauthn'],
  session_idle_minutes: null,
  session_max_hours: 12,
  support_access: 'always',
  updated_at: null,
};

describe('Organization → Security', () => {
  it('shows the loaded policy and saves what was changed through the shared schema', async () => {
    const calls = stubApi(admin, {
      'GET organizations/1/security-policy': { body: { data: POLICY } },
      'PUT organizations/1/security-policy': (call) => ({ body: { data: { ...POLICY, ...(call.body as object) } } }),
    });
    await renderAs(admin, <SecurityPolicySection organizationId={1} canEdit ownOrganization />);
    const passkey = (await screen.findByLabelText('Passkey or security key (WebAuthn)')) as HTMLInputElement;
    await waitFor(() => expect(passkey.checked).toBe(true));
    expect((screen.getByLabelText('Authenticator app (TOTP)') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('End sessions after (hours)') as HTMLInputElement).value).toBe('12');

    fireEvent.change(screen.getByLabelText('Second factor'), { target: { value: 'all' } });
    fireEvent.click(screen.getByLabelText('Authenticator app (TOTP)'));
    fireEvent.change(screen.getByLabelText('End sessions unused for (minutes)'), { target: { value: '480' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save security policy' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      require_mfa: 'all',
      require_mfa_role_ids: [],
      allowed_methods: ['webauthn', 'totp'],
      session_idle_minutes: 480,
      session_max_hours: 12,
      support_access: 'always',
    });
  });

  it('sends nothing while an idle limit is out of its range, and says so under the field', async () => {
    const calls = stubApi(admin, { 'GET organizations/1/security-policy': { body: { data: POLICY } } });
    await renderAs(admin, <SecurityPolicySection organizationId={1} canEdit ownOrganization />);
    const idle = await screen.findByLabelText('End sessions unused for (minutes)');
    fireEvent.change(idle, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save security policy' }));
    await waitFor(() => expect(idle.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says when the policy could not be loaded, with a retry, and shows no form', async () => {
    stubApi(admin, {
      'GET organizations/1/security-policy': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    await renderAs(admin, <SecurityPolicySection organizationId={1} canEdit ownOrganization />);
    expect(await screen.findByText('The security policy could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save security policy' })).toBeNull();
  });
});
