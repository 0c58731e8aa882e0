import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';

/**
 * What an external broker says about itself in its `$SYS` tree (Mosquitto 2): above all how many
 * messages it has dropped. Mosquitto acknowledges a device's QoS 1 PUBLISH on receipt; when the queue
 * of a subscriber's session is full (`max_queued_messages` / `max_queued_bytes`) or a QoS 0 message
 * finds no room, it drops the message and counts it in `$SYS/broker/publish/messages/dropped`, and
 * nothing else tells anyone. Published only once it is not 0, and reset when the broker restarts.
 */
export const SYS_TOPICS = {
  dropped: '$SYS/broker/publish/messages/dropped',
  storedMessages: '$SYS/broker/store/messages/count',
  storedBytes: '$SYS/broker/store/messages/bytes',
  heapBytes: '$SYS/broker/heap/current',
  uptime: '$SYS/broker/uptime',
} as const;

export type BrokerStats = {
  /** The broker's own counters as last published (null: not (yet) published). */
  dropped: number | null;
  storedMessages: number | null;
  storedBytes: number | null;
  heapBytes: number | null;
  /** Messages the broker dropped while this instance watched (its restarts included). */
  droppedSeen: number;
  /** When this instance last saw the dropped counter rise (ms since epoch), or null. */
  lastDropAt: number | null;
};

/** How long after the broker's last drop /api/ready stays degraded. */
export const DROP_DEGRADED_MS = 15 * 60_000;

/**
 * Subscribes (on a connection of its own, clean session, QoS 0) to the broker's `$SYS` counters. The
 * retained value of `dropped` that comes with the first SUBACK is the baseline (drops before this
 * instance watched, or while no instance did, are logged once, as they cannot be dated); without one
 * the broker has dropped nothing, and its first publication is a rise from 0. Every rise counts. A
 * broker restart resets its counter: a value below the last one starts a new baseline at 0.
 */
export async function watchBrokerStats(deps: {
  url: string;
  log: FastifyBaseLogger;
  now?: () => number;
}): Promise<{ stats: () => BrokerStats; degradedReason: () => string | null; close: () => Promise<void> }> {
  const now = deps.now ?? Date.now;
  const stats: BrokerStats = {
    dropped: null,
    storedMessages: null,
    storedBytes: null,
    heapBytes: null,
    droppedSeen: 0,
    lastDropAt: null,
  };
  let baseline: number | null = null;
  let lastUptime = 0;
  const client = mqtt.connect(deps.url, {
    clientId: `rcm-sys-${randomBytes(4).toString('hex')}`,
    clean: true,
    reconnectPeriod: 1000,
  });
  client.on('error', (err) => deps.log.warn({ err: err.message }, 'broker stats: connection error'));
  client.on('connect', () => {
    client.subscribe(Object.values(SYS_TOPICS), { qos: 0 }, (err, granted) => {
      const refused = granted?.filter((g) => g.qos >= 0x80).map((g) => g.topic) ?? [];
      if (err || refused.length > 0) {
        // An ACL without `topic read $SYS/broker/#` for the server account: drops go unseen.
        deps.log.warn({ err: err?.message, refused }, 'broker stats: $SYS subscription refused');
      }
    });
  });
  client.on('message', (topic, payload, packet) => {
    const value = Number.parseInt(payload.toString(), 10);
    if (!Number.isFinite(value)) return;
    if (topic === SYS_TOPICS.uptime) {
      // The broker restarted: its counters start again from 0.
      if (value < lastUptime) baseline = 0;
      lastUptime = value;
    } else if (topic === SYS_TOPICS.dropped) {
      if (baseline === null && packet.retain) {
        baseline = value;
        if (value > 0) {
          deps.log.warn(
            { dropped: value },
            'broker stats: the broker dropped messages before this instance started watching (see its queue limits)',
          );
        }
      }
      if (baseline === null || value < baseline) baseline = 0;
      if (value > baseline) {
        stats.droppedSeen += value - baseline;
        stats.lastDropAt = now();
        deps.log.error(
          { dropped: value - baseline, total: value },
          'broker dropped device messages: its queue for a subscriber was full (max_queued_messages / max_queued_bytes)',
        );
        baseline = value;
      }
      stats.dropped = value;
    } else if (topic === SYS_TOPICS.storedMessages) stats.storedMessages = value;
    else if (topic === SYS_TOPICS.storedBytes) stats.storedBytes = value;
    else if (topic === SYS_TOPICS.heapBytes) stats.heapBytes = value;
  });
  // The $SYS messages are retained: the first values arrive with the SUBACK.
  await new Promise<void>((resolve) => {
    client.once('connect', () => resolve());
    client.once('error', () => resolve());
  });

  return {
    stats: () => ({ ...stats }),
    /** The reason /api/ready reports while the broker's last drop is recent, else null. */
    degradedReason: () => {
      if (stats.lastDropAt === null || now() - stats.lastDropAt > DROP_DEGRADED_MS) return null;
      const minutes = Math.max(1, Math.round((now() - stats.lastDropAt) / 60_000));
      return `the broker dropped ${stats.droppedSeen} device messages, the last within ${minutes} min: a subscriber's queue was full (max_queued_messages / max_queued_bytes)`;
    },
    close: () => client.endAsync(true).then(() => undefined),
  };
}
