import type { MaintenanceWindowView } from '@rcm/shared/maintenance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { MaintenanceWindows } from './maintenance-windows.tsx';

const serviceWindow: MaintenanceWindowView = {
  id: 5,
  organization_id: 1,
  location: { id: 3, name: 'Store 3', time_zone: 'America/Mexico_City' },
  controller: { id: 17, name: 'Rack A' },
  rack: null,
  starts_at: '2026-12-01T08:00:00Z',
  ends_at: '2026-12-01T10:00:00Z',
  recurrence: null,
  reason: 'Compressor service',
  active: false,
  next: { starts_at: '2026-12-01T08:00:00Z', ends_at: '2026-12-01T10:00:00Z' },
  created_by: { id: 10, name: 'Ana' },
};

const LIST = 'GET maintenance-windows?controller_id=17&page=1&per_page=25';
const page = (rows: MaintenanceWindowView[]) => ({
  body: { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } },
});
const place = { locationId: 3, timeZone: 'America/Mexico_City', controller: { id: 17, racks: [] } };
const shown = () => <MaintenanceWindows filter={{ controller_id: 17 }} place={place} />;

describe('maintenance windows, by what the person may do', () => {
  it('lists the windows to a viewer without a way to change them', async () => {
    const viewer = testUser({ permissions: ['controllers_view'] });
    stubApi(viewer, { [LIST]: page([serviceWindow]) });
    await renderAs(viewer, shown());
    expect(await screen.findByText('Compressor service')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers a maintainer to add, edit and delete, and a deletion reads the list again', async () => {
    const maintainer = testUser({ permissions: ['controllers_view', 'controllers_update'] });
    let rows = [serviceWindow];
    const calls = stubApi(maintainer, {
      [LIST]: () => page(rows),
      'DELETE maintenance-windows/5': () => {
        rows = [];
        return { status: 204 };
      },
    });
    await renderAs(maintainer, shown());
    await screen.findByText('Compressor service');
    expect(screen.getByRole('button', { name: 'Add maintenance window' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit maintenance window: Compressor service' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete maintenance window: Compressor service' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete maintenance window' }));
    expect(await screen.findByText('No current or upcoming maintenance windows.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['maintenance-windows/5']);
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('maintenance-windows?')).length).toBe(2));
  });

  it('says, in Spanish, that the list could not be loaded, and offers to try again', async () => {
    const viewer = testUser({ permissions: ['controllers_view'] });
    stubApi(viewer, { [LIST]: { status: 500, body: { error: { code: 'internal', message: 'Down' } } } });
    await renderAs(viewer, shown(), { locale: 'es-MX' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudieron cargar las ventanas de mantenimiento.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
