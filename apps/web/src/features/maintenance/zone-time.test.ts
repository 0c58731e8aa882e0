import { expect, it } from 'vitest';
import { instantOf, wallTimeIn } from './zone-time.ts';

it('reads and writes a window in the store’s zone, not the browser’s', () => {
  // 02:00 in Chicago in winter (UTC−6) and in summer (UTC−5).
  expect(instantOf('2026-01-15T02:00', 'America/Chicago')).toBe('2026-01-15T08:00:00.000Z');
  expect(instantOf('2026-07-15T02:00', 'America/Chicago')).toBe('2026-07-15T07:00:00.000Z');
  expect(wallTimeIn('2026-01-15T08:00:00.000Z', 'America/Chicago')).toBe('2026-01-15T02:00');
  expect(wallTimeIn('2026-07-15T07:00:00.000Z', 'America/Mexico_City')).toBe('2026-07-15T01:00');
  // Madrid (UTC+1 in winter) and UTC itself.
  expect(instantOf('2026-01-15T02:00', 'Europe/Madrid')).toBe('2026-01-15T01:00:00.000Z');
  expect(instantOf('2026-01-15T02:00', 'UTC')).toBe('2026-01-15T02:00:00.000Z');
  // A repeated hour (Chicago, first Sunday of November 2026): its first occurrence.
  expect(instantOf('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
  expect(instantOf('not a time', 'UTC')).toBe('');
});
