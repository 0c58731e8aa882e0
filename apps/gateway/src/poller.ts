import { performance } from 'node:perf_hooks';
import type { DeviceProfile } from '@rcm/shared/device-profile';
import { type Block, planBlocks, slice } from './plan.ts';
import { interpret, type ProfileItem, profileItems, type Raw, type Reading } from './reading.ts';
import { type ModbusRequestError, type ModbusTransport, ModbusRequestError as RequestError } from './transport.ts';

export type BusTiming = {
  requestDelayMs: number;
  timeoutMs: number;
  retries: number;
  offlineAfterFailures: number;
  backoffMs: number;
};

export type UnitSpec = { child: string; unit: number; pollMs: number; profile: DeviceProfile };

export type PollEvents = {
  reading(child: string, reading: Reading): void;
  /** The unit failed `offlineAfterFailures` polls in a row; it is now polled only every `backoffMs`. */
  offline(child: string, reason: 'no_response', detail: string): void;
  /** The first good poll, and the first good poll after being offline. */
  online(child: string): void;
  /** A line for the gateway's log, for the person at the box. */
  log(message: string): void;
};

export type UnitState = {
  child: string;
  unit: number;
  online: boolean | null;
  failures: number;
  lastGoodPoll: Date | null;
  lastPollMs: number | null;
  state: string | null;
};

type Unit = UnitSpec &
  UnitState & { blocks: Block<ProfileItem>[]; items: ProfileItem[]; nextDue: number; lastProblem: string | null };

export type BusStats = { requests: number; errors: number; timeouts: number; lastCycleMs: number | null };

/**
 * Polls the units of one bus, one request at a time: each request waits for the previous one's
 * answer (or timeout) and then `requestDelayMs`. Units are polled in the order they fall due. A unit
 * that failed `offlineAfterFailures` polls in a row is tried again only every `backoffMs`, with one
 * request and no retries, so it costs the others at most one timeout per backoff.
 */
export class BusPoller {
  readonly stats: BusStats = { requests: 0, errors: 0, timeouts: 0, lastCycleMs: null };
  private readonly units: Unit[];
  private lastRequestEnd = Number.NEGATIVE_INFINITY;
  private stopped = true;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly name: string,
    private readonly transport: ModbusTransport,
    private readonly timing: BusTiming,
    units: readonly UnitSpec[],
    private readonly events: PollEvents,
  ) {
    const now = performance.now();
    this.units = units.map((u) => {
      const items = profileItems(u.profile);
      return {
        ...u,
        items,
        blocks: planBlocks(items, u.profile.max_registers_per_read),
        nextDue: now,
        online: null,
        failures: 0,
        lastGoodPoll: null,
        lastPollMs: null,
        state: null,
        lastProblem: null,
      };
    });
  }

  unitStates(): UnitState[] {
    return this.units.map(({ child, unit, online, failures, lastGoodPoll, lastPollMs, state }) => ({
      child,
      unit,
      online,
      failures,
      lastGoodPoll,
      lastPollMs,
      state,
    }));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.interrupt();
    await this.running;
    this.running = null;
    await this.transport.close();
  }

  private interrupt() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
    this.wake = null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(() => {
        this.wake = null;
        this.timer = null;
        resolve();
      }, ms);
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped && this.units.length > 0) {
      const next = this.units.reduce((a, b) => (b.nextDue < a.nextDue ? b : a));
      const wait = next.nextDue - performance.now();
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      try {
        await this.poll(next);
      } catch (err) {
        // Whatever went wrong with one unit (a full disk under the outbox, a bug), the bus keeps polling.
        next.nextDue = performance.now() + next.pollMs;
        this.report(
          `${this.name}: polling unit ${next.unit} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  private report(message: string) {
    try {
      this.events.log(message);
    } catch {
      // a log that cannot be written must not stop the bus either
    }
  }

  /** One request, after the bus's quiet time since the previous one. */
  private async request(unit: Unit, block: Block<ProfileItem>): Promise<Raw> {
    const gap = this.lastRequestEnd + this.timing.requestDelayMs - performance.now();
    if (gap > 0) await this.sleep(gap);
    this.stats.requests++;
    try {
      return await this.transport.read(unit.unit, block.table, block.start, block.count, this.timing.timeoutMs);
    } finally {
      this.lastRequestEnd = performance.now();
    }
  }

  private async poll(unit: Unit): Promise<void> {
    const started = performance.now();
    const backingOff = unit.online === false;
    const attempts = backingOff ? 1 : 1 + this.timing.retries;
    const raws = new Map<ProfileItem, Raw>();
    let failure: { error: ModbusRequestError; block: Block<ProfileItem> } | null = null;
    for (const block of unit.blocks) {
      let data: Raw | null = null;
      for (let attempt = 0; attempt < attempts && data === null && !this.stopped; attempt++) {
        try {
          data = await this.request(unit, block);
          failure = null;
        } catch (err) {
          const error = err instanceof RequestError ? err : new RequestError('link', String(err));
          this.stats.errors++;
          if (error.kind === 'timeout') this.stats.timeouts++;
          failure = { error, block };
          if (error.kind === 'exception') break; // the same request gets the same answer
        }
      }
      if (this.stopped) return;
      if (data === null) break;
      for (const item of block.items) raws.set(item, slice(block, data as readonly never[], item));
    }
    const now = performance.now();
    unit.lastPollMs = now - started;
    this.stats.lastCycleMs = this.units.reduce((sum, u) => sum + (u.lastPollMs ?? 0), 0);
    if (!failure) {
      unit.failures = 0;
      unit.lastProblem = null;
      const reading = interpret(unit.profile, unit.items, raws, new Date());
      unit.lastGoodPoll = reading.at;
      unit.state = reading.state;
      if (unit.online !== true) {
        if (unit.online === false) this.events.log(`unit ${unit.unit} on ${this.transport.endpoint} answers again`);
        unit.online = true;
        this.events.online(unit.child);
      }
      this.events.reading(unit.child, reading);
      unit.nextDue = Math.max(unit.nextDue + unit.pollMs, now);
      return;
    }
    const { error, block } = failure;
    const where = `unit ${unit.unit} on ${this.transport.endpoint}`;
    const what = `${block.table} ${block.start}${block.count > 1 ? `..${block.start + block.count - 1}` : ''}`;
    if (error.kind === 'exception') {
      // It answers, so it is there: a register the profile names that this controller does not have.
      const problem = `${where} answered ${error.message} to a read of ${what}: check its profile (${unit.profile.id})`;
      if (problem !== unit.lastProblem) this.events.log(problem);
      unit.lastProblem = problem;
      unit.nextDue = Math.max(unit.nextDue + unit.pollMs, now);
      return;
    }
    unit.failures++;
    const problem = error.kind === 'timeout' ? `${where} does not answer (${what})` : `${where}: ${error.message}`;
    if (!backingOff && unit.failures >= this.timing.offlineAfterFailures) {
      unit.online = false;
      this.events.log(
        `${problem}; offline after ${unit.failures} polls, tried again every ${Math.round(this.timing.backoffMs / 1000)} s`,
      );
      this.events.offline(unit.child, 'no_response', problem);
    }
    unit.lastProblem = problem;
    unit.nextDue = unit.online === false ? now + this.timing.backoffMs : Math.max(unit.nextDue + unit.pollMs, now);
  }
}
