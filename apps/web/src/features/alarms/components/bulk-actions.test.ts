import type { AlarmSummary } from '@rcm/shared/alarms';
import { describe, expect, it } from 'vitest';
import { changeable } from './bulk-actions.tsx';

const row = (ref: number, status: AlarmSummary['status']) => ({ ref, status }) as AlarmSummary;
const stats = { active: 14, acknowledged: 6, cleared: 710, warranty_active: 3, suppressed: 4, shelved: 2 };

describe('how many alarms an action changes', () => {
  it('without a selection: the open alarms the filters match, never the cleared ones', () => {
    const base = { selected: [], rows: [], stats, statusFilter: undefined };
    expect(changeable('acknowledge', base)).toBe(14);
    expect(changeable('clear', base)).toBe(20);
    expect(changeable('clear', { ...base, statusFilter: 'cleared' })).toBe(0);
    expect(changeable('clear', { ...base, statusFilter: 'acknowledged,cleared' })).toBe(6);
    // Suppressed and shelved alarms are open: a clear changes each of them.
    expect(changeable('clear', { ...base, statusFilter: 'suppressed,shelved' })).toBe(6);
    expect(changeable('acknowledge', { ...base, statusFilter: 'suppressed,shelved' })).toBe(0);
  });

  it('with a selection: the selected alarms whose status allows it', () => {
    const rows = [row(1, 'active'), row(2, 'acknowledged'), row(3, 'cleared')];
    const base = { selected: [1, 2, 3], rows, stats, statusFilter: undefined };
    expect(changeable('acknowledge', base)).toBe(1);
    expect(changeable('clear', base)).toBe(2);
    // A selected alarm from another page counts: its status is not known here.
    expect(changeable('clear', { ...base, selected: [3, 99] })).toBe(1);
  });
});
