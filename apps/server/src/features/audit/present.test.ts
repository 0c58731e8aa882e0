import { describe, expect, it } from 'vitest';
import { auditChanges, fieldKind, snapshotName } from './present.ts';

describe('audit snapshots in words', () => {
  it('compares an API object with the columns written: a nested record by its id, cents as dollars', () => {
    const before = {
      id: 22,
      organisation: { id: 2, name: 'FreshMart Foods' },
      location: { id: 2, name: 'FreshMart #101 Downtown' },
      name: 'Dairy multi-deck',
      unit_price: 58.6,
      warranty_expiry: null,
      updated_at: '2026-11-25T17:13:30.704Z',
    };
    const after = { locationId: 2, name: 'Dairy case', unitPriceCents: 6125, warrantyExpiry: '2027-03-01' };
    expect(auditChanges(before, after)).toEqual([
      {
        field: 'name',
        before: { kind: 'text', text: 'Dairy multi-deck' },
        after: { kind: 'text', text: 'Dairy case' },
      },
      { field: 'unit_price', before: { kind: 'number', value: 58.6 }, after: { kind: 'number', value: 61.25 } },
      { field: 'warranty_expiry', before: null, after: { kind: 'date', value: '2027-03-01' } },
    ]);
  });

  it('marks references, lists, flags and codes, and shows rich text as plain text', () => {
    const changes = auditChanges(null, {
      role_id: 3,
      location_ids: [2, 3],
      all_locations: false,
      language: 'es-MX',
      notes: '<p>Fan <strong>OK</strong> &amp; reset</p><ul><li>Temp falling</li></ul>',
      lines: [{ item_id: 4, product_name: 'Evaporator fan', quantity: 3 }],
    });
    expect(changes).toEqual([
      { field: 'role_id', before: null, after: { kind: 'ref', of: 'role', id: 3 } },
      {
        field: 'location_ids',
        before: null,
        after: {
          kind: 'list',
          items: [
            { kind: 'ref', of: 'location', id: 2 },
            { kind: 'ref', of: 'location', id: 3 },
          ],
        },
      },
      { field: 'all_locations', before: null, after: { kind: 'flag', value: false } },
      { field: 'language', before: null, after: { kind: 'code', of: 'language', value: 'es-MX' } },
      { field: 'notes', before: null, after: { kind: 'text', text: 'Fan OK & reset\nTemp falling' } },
      { field: 'lines', before: null, after: { kind: 'list', items: [{ kind: 'text', text: '3 × Evaporator fan' }] } },
    ]);
  });

  it('leaves out what an update did not change and a flag it adds as false', () => {
    expect(
      auditChanges(
        { name: 'Ana', location_ids: [3, 2], phone: null },
        { name: 'Ana', location_ids: [2, 3], phone: '', password_changed: false },
      ),
    ).toEqual([]);
  });

  it('knows what an id names by its field', () => {
    expect(fieldKind('escalation_policy_id')).toBe('escalation_policy');
    expect(fieldKind('user_ids')).toBe('user');
    expect(fieldKind('category_id')).toBe('job_category');
    expect(fieldKind('assignees')).toBe('user');
    expect(fieldKind('maintenance_window_id')).toBe('maintenance_window');
    expect(fieldKind('msg_id')).toBeNull();
    expect(snapshotName({ reason: 'Case cleaning' }, null)).toBe('Case cleaning');
  });
});
