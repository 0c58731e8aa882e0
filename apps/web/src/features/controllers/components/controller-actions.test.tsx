import type { ControllerDetail } from '@rcm/shared/auth';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { ControllerActions } from './controller-actions.tsx';

const controller: ControllerDetail = {
  id: 17,
  mac_address: 'AA:BB:CC:00:00:11',
  name: 'Rack A',
  store_alias: null,
  organisation: { id: 1, name: 'Acme' },
  location: { id: 3, name: 'Store 3', address: '1 Main St', time_zone: 'America/Mexico_City' },
  kind: 'controller',
  gateway: null,
  bus: null,
  device_address: null,
  vendor_endpoint_address: null,
  device_model: null,
  offline_reason: null,
  firmware: null,
  vendor_endpoint: null,
  warranty_expiry: null,
  authorised: true,
  secure_mode: false,
  online: true,
  last_seen_at: null,
  created_at: '2026-11-01T00:00:00Z',
  active_alarms: 0,
  rejections: null,
  gateway_status: null,
};

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe("the controller view's actions, by what the person may do", () => {
  it('offers a viewer nothing', async () => {
    const viewer = testUser({ permissions: ['controllers_view'] });
    stubApi(viewer);
    await renderAs(viewer, <ControllerActions controller={controller} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(buttons()).toEqual([]);
  });

  it('offers a technician a new device key only, and shows the key once', async () => {
    const technician = testUser({ permissions: ['controllers_view', 'controllers_update'] });
    const calls = stubApi(technician, {
      'POST controllers/17/rotate-key': { body: { data: { device_key: 'k-123456' } } },
    });
    await renderAs(technician, <ControllerActions controller={controller} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(buttons()).toEqual(['New device key']);
    fireEvent.click(screen.getByRole('button', { name: 'New device key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give Rack A a new device key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New device key' }));
    expect(await screen.findByText('k-123456')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['controllers/17/rotate-key']);
  });

  it('offers an editor, in Spanish, the edit link and decommissioning', async () => {
    const editor = testUser({ permissions: ['controllers_view', 'controllers_edit', 'controllers_update'] });
    stubApi(editor);
    await renderAs(editor, <ControllerActions controller={controller} />, { locale: 'es-MX' });
    expect(screen.getByRole('link').getAttribute('href')).toBe('/controllers/17/edit');
    expect(buttons()).toEqual(['Nueva clave de dispositivo', 'Dar de baja']);
  });

  it('offers nothing on a controller not yet authorized', async () => {
    const editor = testUser({ permissions: ['controllers_view', 'controllers_edit', 'controllers_update'] });
    stubApi(editor);
    await renderAs(editor, <ControllerActions controller={{ ...controller, authorised: false }} />);
    expect(buttons()).toEqual([]);
  });
});
