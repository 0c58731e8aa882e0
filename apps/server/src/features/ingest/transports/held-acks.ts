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
 * new connection's packet ids are not the old one's, and the broker redelivers anyway.
 *
 * Returns `hold(messageId, work)`, to be called from `handleMessage` before its `done()`. `outcome`
 * hears of each stored and each failed message (the consumer backs off its reconnection while the
 * database fails).
 */
export function holdAcks(
  client: MqttClient,
  outcome?: { stored: () => void; failed: () => void },
): (messageId: number, work: Promise<unknown>) => void {
  const held = new Map<number, Promise<unknown>>();
  const target = client as unknown as { _sendPacket: SendPacket };
  const send = target._sendPacket.bind(client);
  target._sendPacket = (packet, cb, cbStorePut, noStore) => {
    const pending = packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (!pending) return send(packet, cb, cbStorePut, noStore);
    held.delete(packet.messageId as number);
    const stream = client.stream;
    // mqtt.js reads the next packet once `cb` runs: let it, and send this PUBACK after commit.
    cb?.();
    pending.then(
      () => {
        outcome?.stored();
        if (client.stream === stream && !stream.destroyed) send(packet, undefined, cbStorePut, noStore);
      },
      // Not stored: no PUBACK, and a reconnect makes the broker deliver the message again.
      () => {
        outcome?.failed();
        stream.destroy();
      },
    );
  };
  return (messageId, work) => {
    work.catch(() => {});
    held.set(messageId, work);
  };
}
