import { expect, it } from 'vitest';
import { zoneInput, zoneInstant } from './zone-time.ts';

it('reads and writes a wall time in the place’s zone, not the browser’s', () => {
  // 02:00 in Chicago in winter (UTC−6) and in summer (UTC−5).
  expect(zoneInstant('2026-01-15T02:00', 'America/Chicago')).toBe('2026-01-15T08:00:00.000Z');
  expect(zoneInstant('2026-07-15T02:00', 'America/Chicago')).toBe('2026-07-15T07:00:00.000Z');
  expect(zoneInput('2026-01-15T08:00:00.000Z', 'America/Chicago')).toBe('2026-01-15T02:00');
  expect(zoneInput('2026-07-15T07:00:00.000Z', 'America/Mexico_City')).toBe('2026-07-15T01:00');
  // Madrid (UTC+1 in winter) and UTC itself.
  expect(zoneInstant('2026-01-15T02:00', 'Europe/Madrid')).toBe('2026-01-15T01:00:00.000Z');
  expect(zoneInstant('2026-01-15T02:00', 'UTC')).toBe('2026-01-15T02:00:00.000Z');
  // A repeated hour (Chicago, first Sunday of November 2026): its first occurrence.
  expect(zoneInstant('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
  // A skipped hour (Chicago, second Sunday of March 2026): after the gap.
  expect(zoneInstant('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z');
  expect(zoneInstant('2026-01-15T02:00:30', 'UTC')).toBe('2026-01-15T02:00:30.000Z');
  expect(zoneInstant('not a time', 'UTC')).toBe('');
  expect(zoneInstant('', 'UTC')).toBe('');
});

it('takes the browser’s zone when no place is named', () => {
  const now = new Date('2026-12-01T18:45:00.000Z');
  expect(zoneInstant(zoneInput(now))).toBe(now.toISOString());
});
