import { describe, expect, it } from 'vitest';
import { SEEDED_NAMES, seededKey } from './seeded.ts';

describe('seededKey', () => {
  it('knows a seeded name of its kind only', () => {
    expect(seededKey('role', SEEDED_NAMES.role.manager)).toBe('manager');
    expect(seededKey('job_category', 'Emergency Repair')).toBe('emergency_repair');
    expect(seededKey('team', 'Store Operations')).toBe('store_operations');
    // A renamed or typed name, another kind's name, an unknown kind: shown as typed.
    expect(seededKey('role', 'Store manager')).toBeNull();
    expect(seededKey('team', 'Store Manager')).toBeNull();
    expect(seededKey('location', 'Store Manager')).toBeNull();
  });
});
