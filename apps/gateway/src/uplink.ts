import { compactMac } from '@rcm/shared/device';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Outbox, OutboxEntry } from './outbox.ts';

type Kept = OutboxEntry & { body: Record<string, unknown> };

/** How many replayed messages may wait for their PUBACK at once: live messages never queue behind more. */
const REPLAY_WINDOW = 16;
const CLOSE_TIMEOUT_MS = 3_000;

export type UplinkOptions = {
  url: string;
  mac: string;
  /** The device key once the gateway is authorized; null: announce with the provisioning key only. */
  password: () => { password: string; authorized: boolean };
  /** The retained status the broker publishes when the gateway goes away. */
  will: { topic: string; body: Record<string, unknown> };
  outbox: Outbox;
  /**
   * What goes first on every connect, before any replay: the birth, the statuses, and the outbox
   * entries that are the current state (each child's newest telemetry, its open alarms).
   */
  currentState: () => {
    retained: { topic: string; body: Record<string, unknown> }[];
    /** The outbox's messages that are the current state, sent before the backlog and not marked historical. */
    current: number[];
  };
  log: (message: string) => void;
  reconnectMs?: number;
};

export type UplinkStats = { connected: boolean; authorized: boolean; replaying: number };

/**
 * The gateway's MQTT connection. Durable messages go through the outbox: on disk first, published
 * when connected, removed on PUBACK. After a (re)connect the current state goes first, then the
 * backlog oldest first, marked `historical: true`, a window at a time; new messages go straight out.
 */
export class Uplink {
  private client: MqttClient | null = null;
  /** The backlog is what the outbox held at connect: up to `replayEnd`, read from after `cursor`. */
  private replayEnd = 0;
  private cursor = 0;
  private replayInFlight = 0;
  /** The current state's messages, sent first: the replay skips them. */
  private first = new Set<number>();
  private authorized = false;
  private closed = false;
  /** Counts connections, so an acknowledgement from a dropped one never moves the current window. */
  private session = 0;

  constructor(private readonly o: UplinkOptions) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  stats(): UplinkStats {
    return {
      connected: this.connected,
      authorized: this.authorized,
      replaying: this.cursor < this.replayEnd ? this.replayEnd - this.cursor : 0,
    };
  }

  start(): void {
    const { password, authorized } = this.o.password();
    this.authorized = authorized;
    const options: IClientOptions = {
      clientId: compactMac(this.o.mac),
      username: this.o.mac,
      password,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: this.o.reconnectMs ?? 2_000,
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      queueQoSZero: false,
      will: { topic: this.o.will.topic, payload: Buffer.from(JSON.stringify(this.o.will.body)), qos: 1, retain: true },
    };
    const c = connect(this.o.url, options);
    this.client = c;
    c.on('connect', () => this.onConnect());
    c.on('close', () => {
      this.session++;
      this.first.clear();
      this.replayEnd = 0;
      this.cursor = 0;
      this.replayInFlight = 0;
      // A key written since the last attempt is used by the next one.
      const next = this.o.password();
      c.options.password = next.password;
      this.authorized = next.authorized;
    });
    c.on('error', (err) => this.o.log(`console ${this.o.url}: ${err.message}`));
  }

  /**
   * Stores the message, and publishes it once it is on disk if the console is there; returns its number
   * in the outbox.
   */
  send(topic: string, body: Record<string, unknown>): number {
    const entry = this.o.outbox.add(topic, body);
    this.o.outbox.sync().then(
      () => {
        // A message written before this connection began is the replay's (its backlog ends at `replayEnd`).
        if (this.connected && this.authorized && entry.seq > this.replayEnd)
          this.publishEntry({ ...entry, body }, false);
      },
      (err: unknown) =>
        this.o.log(`the outbox could not be written to disk (${String(err)}): messages wait for the next connect`),
    );
    return entry.seq;
  }

  /** A retained message that is state, not history (statuses, the birth): sent now if connected. */
  publishRetained(topic: string, body: Record<string, unknown>): void {
    const c = this.client;
    if (!c?.connected) return;
    c.publish(topic, JSON.stringify(body), { qos: 1, retain: true }, () => {});
  }

  /** Reconnects with the key now on disk (the gateway was just authorized). */
  reconnect(): void {
    const c = this.client;
    if (!c) return;
    const next = this.o.password();
    c.options.password = next.password;
    this.authorized = next.authorized;
    // A clean DISCONNECT, so the broker drops the Last Will: a will fired by this switch would reach the
    // console after the new connection's statuses and mark the gateway and its children offline.
    let switched = false;
    const again = () => {
      if (switched) return;
      switched = true;
      if (!this.closed) c.reconnect();
    };
    c.end(false, {}, again);
    setTimeout(() => {
      if (!switched) c.end(true, {}, again);
    }, CLOSE_TIMEOUT_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    if (!c) return;
    // A console that stops acknowledging must not hold the stop: what is unacknowledged stays in the outbox.
    const within = (p: Promise<unknown>) =>
      Promise.race([p, new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
    if (c.connected) {
      await within(
        new Promise<void>((resolve) =>
          c.publish(this.o.will.topic, JSON.stringify(this.o.will.body), { qos: 1, retain: true }, () => resolve()),
        ),
      );
    }
    await within(c.endAsync());
    c.end(true);
  }

  private onConnect(): void {
    const c = this.client;
    if (!c) return;
    const { retained, current } = this.o.currentState();
    for (const m of retained) c.publish(m.topic, JSON.stringify(m.body), { qos: 1, retain: true }, () => {});
    if (!this.authorized) {
      this.o.log('connected with the provisioning key: waiting to be authorized in the console (the key file)');
      return;
    }
    const outbox = this.o.outbox;
    this.replayEnd = outbox.lastSeq();
    this.cursor = 0;
    this.first = new Set(current);
    for (const seq of [...this.first].sort((a, b) => a - b)) {
      const e = outbox.read(seq);
      if (e) this.publishEntry(e, false);
    }
    const backlog = outbox.stats().depth - this.first.size;
    if (backlog > 0) this.o.log(`replaying ${backlog} messages kept while the console was away`);
    this.pump();
  }

  private pump(): void {
    while (this.connected && this.replayInFlight < REPLAY_WINDOW && this.cursor < this.replayEnd) {
      const seq = this.o.outbox.nextAfter(this.cursor);
      if (seq === null || seq > this.replayEnd) {
        this.cursor = this.replayEnd;
        break;
      }
      this.cursor = seq;
      if (this.first.has(seq)) continue;
      const e = this.o.outbox.read(seq);
      if (!e) continue; // acknowledged or dropped by the bounds meanwhile
      this.replayInFlight++;
      const session = this.session;
      this.publishEntry(e, true, () => {
        if (session !== this.session) return;
        this.replayInFlight--;
        this.pump();
      });
    }
  }

  private publishEntry(e: Kept, historical: boolean, done?: () => void): void {
    const c = this.client;
    if (!c) return;
    const payload = JSON.stringify(historical ? { ...e.body, historical: true } : e.body);
    c.publish(e.topic, payload, { qos: 1 }, (err) => {
      if (!err) this.o.outbox.remove(e.seq);
      done?.();
    });
  }
}
