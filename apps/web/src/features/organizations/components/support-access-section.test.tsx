import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { SupportAccessSection } from './support-access-section.tsx';

const admin = testUser({ permissions: ['settings_view', 'settings_update', 'organization_view'] });
const POLICY = {
  organization_id: 1,
  require_mfa: 'off',
  require_mfa_role_ids: [],
  allowed_methods: ['totp', 'webauthn'],
  session_idle_minutes: null,
  session_max_hours: null,
  updated_at: null,
};
const GRANT = {
  id: 7,
  organization_id: 1,
  grantee_organization: { id: 2, name: 'Polar Refrigeration Services' },
  grantee_user: null,
  reason: 'Compressor alarms',
  expires_at: '2030-01-08T00:00:00.000Z',
  granted_by: { id: 1, name: 'Ana Admin' },
  created_at: '2030-01-01T00:00:00.000Z',
  revoked_at: null,
  revoked_by: null,
  state: 'active',
};
const policy = (support_access: string) => ({ body: { data: { ...POLICY, support_access } } });
const list = { body: { data: [GRANT], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } } };

describe('Organization → Support access', () => {
  // The list (DataTable) asks the viewport's width and watches its first rows.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  it('explains the policy where it does not ask for grants, and lists nothing', async () => {
    const calls = stubApi(admin, { 'GET organizations/1/security-policy': policy('never') });
    await renderAs(admin, <SupportAccessSection organizationId={1} />);
    expect(await screen.findByText(/keeps people of other organizations/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grant access' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('organizations/1/support-grants'))).toBe(false);
  });

  it('lists the grants and sends a new one with the shared schema’s rules, in Spanish', async () => {
    const calls = stubApi(admin, {
      'GET organizations/1/security-policy': policy('grant'),
      'GET organizations/1/support-grants?page=1&per_page=25': list,
      'GET organizations/1/support-grantees': {
        body: { data: { organizations: [{ id: 2, name: 'Polar Refrigeration Services' }], users: [] } },
      },
      'POST organizations/1/support-grants': { status: 201, body: { data: GRANT } },
    });
    await renderAs(admin, <SupportAccessSection organizationId={1} />, { locale: 'es-MX' });
    const row = (await screen.findByText('Todas las personas de Polar Refrigeration Services')).closest('tr');
    expect(row?.textContent).toContain('Compressor alarms');
    expect(row?.textContent).toContain('Activa');

    fireEvent.click(screen.getByRole('button', { name: 'Autorizar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar acceso de soporte' });
    await within(dialog).findByRole('option', { name: 'Polar Refrigeration Services' });
    fireEvent.change(within(dialog).getByLabelText('Organización'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar acceso' }));
    // The reason is required: nothing is sent without it.
    await waitFor(() => expect(within(dialog).getByText('Este campo es obligatorio.')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Alarmas del compresor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar acceso' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const [sent] = calls.filter((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({ grantee_organization_id: 2, reason: 'Alarmas del compresor' });
    const expires = (sent?.body as { expires_at?: string } | undefined)?.expires_at ?? '';
    const days = (new Date(expires).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });
});
