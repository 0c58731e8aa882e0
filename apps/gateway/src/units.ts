import type { DeviceProfile } from '@rcm/shared/device-profile';
import type { ChildOfflineReason } from '@rcm/shared/gateway';
import { type Block, planBlocks } from './plan.ts';
import { type ProfileItem, profileItems, type Reading } from './reading.ts';
import type { ModbusRequestError } from './transport.ts';

export type UnitSpec = { child: string; unit: number; pollMs: number; profile: DeviceProfile };

export type UnitState = {
  child: string;
  unit: number;
  online: boolean | null;
  /** Why it is offline; null while online or not yet polled. */
  reason: ChildOfflineReason | null;
  failures: number;
  lastGoodPoll: Date | null;
  lastPollMs: number | null;
  state: string | null;
};

/** A unit as its bus's poller keeps it: its requests (the planner's blocks), health and next poll. */
export type Unit = UnitSpec &
  UnitState & { blocks: Block<ProfileItem>[]; items: ProfileItem[]; nextDue: number; lastProblem: string | null };

/** What a poll's outcome is told to (the poller's events). */
export type UnitEvents = {
  reading(child: string, reading: Reading): void;
  offline(child: string, reason: ChildOfflineReason, detail: string): void;
  online(child: string): void;
  log(message: string): void;
};

export function newUnit(spec: UnitSpec, now: number): Unit {
  const items = profileItems(spec.profile);
  return {
    ...spec,
    items,
    blocks: planBlocks(items, spec.profile.max_registers_per_read),
    nextDue: now,
    online: null,
    reason: null,
    failures: 0,
    lastGoodPoll: null,
    lastPollMs: null,
    state: null,
    lastProblem: null,
  };
}

/** What the gateway's status reports of a unit. */
export function unitState(u: Unit): UnitState {
  const { child, unit, online, reason, failures, lastGoodPoll, lastPollMs, state } = u;
  return { child, unit, online, reason, failures, lastGoodPoll, lastPollMs, state };
}

/** Every block answered: the reading goes out, and a unit that was offline is back. */
export function pollSucceeded(unit: Unit, reading: Reading, at: { now: number; endpoint: string }, events: UnitEvents) {
  unit.failures = 0;
  unit.reason = null;
  unit.lastProblem = null;
  unit.lastGoodPoll = reading.at;
  unit.state = reading.state;
  if (unit.online !== true) {
    if (unit.online === false) events.log(`unit ${unit.unit} on ${at.endpoint} answers again`);
    unit.online = true;
    events.online(unit.child);
  }
  events.reading(unit.child, reading);
  unit.nextDue = Math.max(unit.nextDue + unit.pollMs, at.now);
}

/**
 * A block failed. An exception answer says the unit is there (a register its profile names that it
 * lacks: said once); a timeout or a bad answer counts towards `offlineAfterFailures` polls in a row,
 * after which the unit is offline (`no_response`) and tried only every `backoffMs`.
 */
export function pollFailed(
  unit: Unit,
  failure: { error: ModbusRequestError; block: Block<ProfileItem> },
  at: {
    backingOff: boolean;
    now: number;
    endpoint: string;
    timing: { offlineAfterFailures: number; backoffMs: number };
  },
  events: UnitEvents,
) {
  const { error, block } = failure;
  const where = `unit ${unit.unit} on ${at.endpoint}`;
  const what = `${block.table} ${block.start}${block.count > 1 ? `..${block.start + block.count - 1}` : ''}`;
  if (error.kind === 'exception') {
    const problem = `${where} answered ${error.message} to a read of ${what}: check its profile (${unit.profile.id})`;
    if (problem !== unit.lastProblem) events.log(problem);
    unit.lastProblem = problem;
    unit.nextDue = Math.max(unit.nextDue + unit.pollMs, at.now);
    return;
  }
  unit.failures++;
  const problem = error.kind === 'timeout' ? `${where} does not answer (${what})` : `${where}: ${error.message}`;
  if (!at.backingOff && unit.failures >= at.timing.offlineAfterFailures) {
    unit.online = false;
    unit.reason = 'no_response';
    events.log(
      `${problem}; offline after ${unit.failures} polls, tried again every ${Math.round(at.timing.backoffMs / 1000)} s`,
    );
    events.offline(unit.child, 'no_response', problem);
  }
  unit.lastProblem = problem;
  unit.nextDue = unit.online === false ? at.now + at.timing.backoffMs : Math.max(unit.nextDue + unit.pollMs, at.now);
}
