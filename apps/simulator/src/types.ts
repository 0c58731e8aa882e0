import { MODEL_FAULTS } from './rack-model.ts';

/** One controller to simulate; `mac` in any common notation, `key` its device (or provisioning) key. */
export type SimController = { mac: string; key: string; racks?: number; casesPerRack?: number; name?: string };

/** The rack model's faults and the transport's ('offline', 'malformed'). */
export const FAULT_KINDS = [...MODEL_FAULTS, 'offline', 'malformed'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** Fleet-wide message counters: everything sent (status, telemetry, alarms) counts. */
export type FleetStats = { published: number; acked: number; failed: number };

/** Counts one send: published now, then acked or failed when the broker or server answered. */
export async function tracked(stats: FleetStats, send: Promise<void>): Promise<void> {
  stats.published++;
  try {
    await send;
    stats.acked++;
  } catch (err) {
    stats.failed++;
    throw err;
  }
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
