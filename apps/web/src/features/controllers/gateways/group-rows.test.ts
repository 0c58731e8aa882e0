import type { ControllerListItem, GatewayStatusView } from '@rcm/shared/controllers';
import { describe, expect, it } from 'vitest';
import { groupRows } from './group-rows.ts';

const GW = { id: 10, mac_address: '02:47:00:00:50:01', name: 'Store gateway' };

function item(id: number, name: string, over: Partial<ControllerListItem> = {}): ControllerListItem {
  return {
    id,
    mac_address: `02:00:00:00:00:${String(id).padStart(2, '0')}`,
    name,
    store_alias: null,
    organisation: null,
    location: null,
    kind: 'controller',
    gateway: null,
    bus: null,
    device_address: null,
    vendor_endpoint_address: null,
    device_model: null,
    offline_reason: null,
    online: true,
    authorised: true,
    last_seen_at: null,
    warranty_expiry: null,
    active_alarms: 0,
    ...over,
  };
}

const gateway = item(GW.id, 'Store gateway', { kind: 'gateway' });
const child = (id: number, unit: number) =>
  item(id, `Case ${unit}`, {
    gateway: GW,
    bus: 'rs485_1',
    device_address: String(unit),
    device_model: 'danfoss-ak-cc55',
  });
const status = {
  children: [
    {
      child: 'rs485_1-1',
      controller_id: 11,
      name: 'Case 1',
      online: true,
      state: 'defrost',
      last_good_poll: '2026-12-02T07:00:00Z',
      failures: 0,
    },
  ],
} as GatewayStatusView;

describe('the controllers list with gateways', () => {
  it('lists rows as they come while no gateway is expanded', () => {
    const rows = [child(11, 1), item(1, 'Alpha'), gateway];
    expect(groupRows(rows, new Map()).map((r) => [r.c.id, r.polled])).toEqual([
      [11, undefined],
      [1, undefined],
      [10, undefined],
    ]);
  });

  it('puts an expanded gateway’s children right under it, once, with what its status says of their polls', () => {
    const rows = [child(11, 1), item(1, 'Alpha'), gateway, child(12, 2)];
    const grouped = groupRows(rows, new Map([[GW.id, { children: [child(11, 1), child(12, 2)], status }]]));
    expect(grouped.map((r) => r.c.id)).toEqual([1, 10, 11, 12]);
    expect(grouped[2]?.polled?.state).toBe('defrost');
    // A child the status does not mention yet is under its gateway all the same, not polled.
    expect(grouped[3]?.polled).toBeNull();
  });

  it('shows the children under their gateway before its status first arrives', () => {
    const grouped = groupRows([gateway], new Map([[GW.id, { children: [child(11, 1)], status: null }]]));
    expect(grouped.map((r) => [r.c.id, r.polled])).toEqual([
      [10, undefined],
      [11, null],
    ]);
  });
});
