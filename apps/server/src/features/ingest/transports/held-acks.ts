import type { MqttClient, Packet } from 'mqtt';

type SendPacket = (packet: Packet, cb?: () => void, cbStorePut?: () => void, noStore?: boolean) => void;

/**
 * Acknowledge after commit, for an mqtt.js client that receives QoS 1 messages.
 *
 * mqtt.js handles one incoming packet at a time and moves to the next only once the PUBACK is
 * written. Waiting there for the database would allow one message per batch per connection, so
 * the packet loop moves on at once and the PUBACK itself is sent when `work` settles: after a
 * success, or never after a failure (the connection is cut, and the broker delivers the message
 * again on the next one). A PUBACK whose connection has meanwhile been replaced is dropped: the
 * new connection's packet ids are not the old one's, and the broker delivers those messages again.
 *
 * Flow control of our own: with `limit` messages unsettled, the packet loop waits until one settles.
 * mqtt.js then reads no more from the socket and TCP holds the broker back, so the backlog stays in
 * the broker, not in this process. A broker's Receive Maximum should do this alone, but Mosquitto
 * 2.0.11 (Debian 12's) sends far past it once PUBACKs flow (its in-flight quota accounting, fixed
 * in 2.0.13): a replayed backlog of hundreds of thousands of messages then arrives at once. The
 * limit counts the messages of earlier connections that are still being written, too.
 *
 * Returns `hold(messageId, work)`, to be called from `handleMessage` before its `done()`. `outcome`
 * hears of each stored and each failed message (the consumer backs off its reconnection while the
 * database fails).
 */
export function holdAcks(
  client: MqttClient,
  opts: { limit?: number; stored?: () => void; failed?: () => void } = {},
): (messageId: number, work: Promise<unknown>) => void {
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const held = new Map<number, Promise<unknown>>();
  /** Messages handed to `hold` whose work has not settled yet (this connection's and earlier ones'). */
  let unsettled = 0;
  /** The packet loop's continuation, parked while `unsettled` is at the limit. */
  let parked: (() => void) | null = null;
  const settled = () => {
    unsettled -= 1;
    if (parked && unsettled < limit) {
      const next = parked;
      parked = null;
      next();
    }
  };
  const target = client as unknown as { _sendPacket: SendPacket };
  const send = target._sendPacket.bind(client);
  target._sendPacket = (packet, cb, cbStorePut, noStore) => {
    const pending = packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (!pending) return send(packet, cb, cbStorePut, noStore);
    held.delete(packet.messageId as number);
    const stream = client.stream;
    // mqtt.js reads the next packet once `cb` runs: let it (or, at the limit, once a message settles),
    // and send this PUBACK after commit.
    if (unsettled < limit) cb?.();
    else parked = cb ?? null;
    pending.then(
      () => {
        opts.stored?.();
        if (client.stream === stream && !stream.destroyed) send(packet, undefined, cbStorePut, noStore);
      },
      // Not stored: no PUBACK, and a reconnect makes the broker deliver the message again.
      () => {
        opts.failed?.();
        stream.destroy();
      },
    );
  };
  return (messageId, work) => {
    unsettled += 1;
    work.then(settled, settled);
    held.set(messageId, work);
  };
}
