import type { AlarmSummary } from '@rcm/shared/alarms';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { AlarmCard } from './alarm-card.tsx';

const alarm: AlarmSummary = {
  id: 40,
  ref: 1040,
  status: 'active',
  severity: 'critical',
  reason: 'Case air 9.1 °C above 5 °C',
  reason_es: null,
  subject: 'case:A:1',
  rack_ref: 'A',
  device_address: null,
  value: 9.1,
  warranty: false,
  occurrences: 1,
  raised_at: '2026-12-01T10:00:00Z',
  acknowledged_at: null,
  cleared_at: null,
  organization_id: 1,
  location_id: 3,
  location: { id: 3, name: 'Store 3' },
  controller: { id: 17, name: 'Rack A', mac_address: 'AA:BB:CC:00:00:11' },
  alarm_type: { id: 6, code: 'CASE_HIGH_TEMP', name: 'Case high temperature', name_es: 'Temperatura alta de vitrina' },
  suppressed: false,
  maintenance_window: null,
  shelved_until: null,
  shelved_by: null,
  shelve_reason: null,
  chattering: false,
  historical: false,
  paged: [],
};

const viewer = testUser({ permissions: ['alarms_view'] });
const technician = testUser({ permissions: ['alarms_view', 'alarms_acknowledge'] });

describe("an alarm's card on a phone", () => {
  it('offers no acknowledgement to a person who may not give one', async () => {
    stubApi(viewer);
    await renderAs(viewer, <AlarmCard alarm={alarm} />);
    expect(screen.getByRole('link', { name: 'Case high temperature' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('acknowledges an active alarm in one tap, in Spanish', async () => {
    const calls = stubApi(technician, {
      'POST alarms/1040/acknowledge': { body: { data: { ...alarm, status: 'acknowledged' } } },
    });
    await renderAs(technician, <AlarmCard alarm={alarm} />, { locale: 'es-MX' });
    expect(screen.getByRole('link', { name: 'Temperatura alta de vitrina' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reconocer la alarma 1040' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['alarms/1040/acknowledge']);
  });

  it('offers no second acknowledgement of an acknowledged alarm', async () => {
    stubApi(technician);
    await renderAs(
      technician,
      <AlarmCard alarm={{ ...alarm, status: 'acknowledged', acknowledged_at: alarm.raised_at }} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
