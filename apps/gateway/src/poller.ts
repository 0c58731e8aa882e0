import { performance } from 'node:perf_hooks';
import type { ChildOfflineReason } from '@rcm/shared/gateway';
import { type Block, slice } from './plan.ts';
import { interpret, type ProfileItem, type Raw, type Reading } from './reading.ts';
import { type ModbusRequestError, type ModbusTransport, ModbusRequestError as RequestError } from './transport.ts';
import { newUnit, pollFailed, pollSucceeded, type Unit, type UnitSpec, type UnitState, unitState } from './units.ts';

export type { UnitSpec, UnitState };

export type BusTiming = {
  requestDelayMs: number;
  timeoutMs: number;
  retries: number;
  offlineAfterFailures: number;
  backoffMs: number;
};

export type PollEvents = {
  reading(child: string, reading: Reading): void;
  /**
   * `no_response`: the unit failed `offlineAfterFailures` polls in a row; it is now polled only every
   * `backoffMs`. `link_down`: the bus's link is down, so none of its units can be reached.
   */
  offline(child: string, reason: ChildOfflineReason, detail: string): void;
  /** The first good poll, and the first good poll after being offline. */
  online(child: string): void;
  /** The bus's link went down (`detail` says why) or came back (`detail` null). */
  link?(up: boolean, detail: string | null): void;
  /** A line for the gateway's log, for the person at the box. */
  log(message: string): void;
};

export type BusStats = {
  requests: number;
  errors: number;
  timeouts: number;
  lastCycleMs: number | null;
  /** False from a request that found no link (refused, unreachable, dropped) until a reconnect succeeds. */
  linkUp: boolean;
  linkError: string | null;
};

/** The first reconnect of a link that went down is tried after this long, then twice as long each time, up to `backoffMs`. */
const FIRST_RECONNECT_MS = 1_000;

/**
 * Polls the units of one bus, one request at a time: each request waits for the previous one's
 * answer (or timeout) and then `requestDelayMs`. Units are polled in the order they fall due. A unit
 * that failed `offlineAfterFailures` polls in a row is tried again only every `backoffMs`, with one
 * request and no retries, so it costs the others at most one timeout per backoff.
 *
 * A request that finds no link (the serial port cannot be opened, the TCP converter refuses the
 * connection, does not accept it in time, or drops it) is the bus's failure, not the unit's: the bus
 * is down, every unit on it offline with `link_down`, and only the link is tried again, after 1 s,
 * then twice as long each time up to `backoffMs`. When it is back every unit is polled at once. Each
 * bus has its own poller, so a bus that is down delays no other bus's polls.
 */
export class BusPoller {
  readonly stats: BusStats = {
    requests: 0,
    errors: 0,
    timeouts: 0,
    lastCycleMs: null,
    linkUp: true,
    linkError: null,
  };
  private linkFailures = 0;
  private nextLinkTry = 0;
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
    this.units = units.map((u) => newUnit(u, now));
  }

  unitStates(): UnitState[] {
    return this.units.map(unitState);
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
      if (!this.stats.linkUp) {
        await this.reconnect();
        continue;
      }
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

  /** The link is gone: every unit is offline with `link_down` until a reconnect succeeds. */
  private linkLost(detail: string) {
    const wasUp = this.stats.linkUp;
    this.stats.linkUp = false;
    this.stats.linkError = detail;
    this.linkFailures = 1;
    this.nextLinkTry = performance.now() + Math.min(FIRST_RECONNECT_MS, this.timing.backoffMs);
    if (wasUp) {
      this.report(
        `${this.name}: ${detail}; the bus is down, its ${this.units.length} units offline; trying the link again in ${Math.round(Math.min(FIRST_RECONNECT_MS, this.timing.backoffMs) / 1000)} s, then less often`,
      );
      this.events.link?.(false, detail);
    }
    for (const u of this.units) {
      if (u.online === false && u.reason === 'link_down') continue;
      u.online = false;
      u.reason = 'link_down';
      this.events.offline(u.child, 'link_down', detail);
    }
  }

  /** One try to open the link, when it is due; on success every unit is polled again at once. */
  private async reconnect(): Promise<void> {
    const wait = this.nextLinkTry - performance.now();
    if (wait > 0) {
      await this.sleep(wait);
      return;
    }
    try {
      await this.transport.connect(this.timing.timeoutMs);
    } catch (err) {
      this.stats.errors++;
      this.linkFailures++;
      const detail = err instanceof Error ? err.message : String(err);
      if (detail !== this.stats.linkError) this.report(`${this.name}: ${detail}`);
      this.stats.linkError = detail;
      const delay = Math.min(FIRST_RECONNECT_MS * 2 ** (this.linkFailures - 1), this.timing.backoffMs);
      this.nextLinkTry = performance.now() + delay;
      return;
    }
    if (this.stopped) return;
    this.stats.linkUp = true;
    this.stats.linkError = null;
    this.linkFailures = 0;
    this.report(`${this.name}: the link to ${this.transport.endpoint} is back; polling its units`);
    this.events.link?.(true, null);
    const now = performance.now();
    for (const u of this.units) {
      if (u.reason !== 'link_down') continue;
      // Unknown until polled: the next good poll brings it back, failed polls make it `no_response`.
      u.online = null;
      u.reason = null;
      u.failures = 0;
      u.nextDue = now;
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
          if (error.kind === 'link') {
            this.linkLost(error.message);
            return;
          }
        }
      }
      if (this.stopped) return;
      if (data === null) break;
      for (const item of block.items) raws.set(item, slice(block, data as readonly never[], item));
    }
    const now = performance.now();
    unit.lastPollMs = now - started;
    this.stats.lastCycleMs = this.units.reduce((sum, u) => sum + (u.lastPollMs ?? 0), 0);
    const endpoint = this.transport.endpoint;
    if (failure) pollFailed(unit, failure, { backingOff, now, endpoint, timing: this.timing }, this.events);
    else pollSucceeded(unit, interpret(unit.profile, unit.items, raws, new Date()), { now, endpoint }, this.events);
  }
}
