import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import { freePort } from './server.ts';

/** What a gateway's console has received: telemetry (live or replayed), births, live readings' delays. */
export type Seen = { telemetry: number; live: number; historical: number; liveLagMs: number[]; births: number };

/**
 * An aedes broker on a free loopback port standing for the console, counting what gateway `gw`
 * publishes. Live readings' delays are counted for readings taken since `liveSince` (0: none).
 */
export async function startCountingConsole(gw: string) {
  const seen: Seen = { telemetry: 0, live: 0, historical: 0, liveLagMs: [], births: 0 };
  const state = { liveSince: 0 };
  const broker = await Aedes.createBroker({ authenticate: (_c, _u, _p, done) => done(null, true) });
  broker.on('publish', (packet) => {
    const topic = packet.topic;
    if (!topic.startsWith(`rcm/v1/${gw}/`)) return;
    if (topic.endsWith('/birth')) seen.births++;
    if (!topic.endsWith('/telemetry')) return;
    seen.telemetry++;
    const body = packet.payload.toString();
    if (body.includes('"historical":true')) {
      seen.historical++;
      return;
    }
    seen.live++;
    const ts = /"ts":"([^"]+)"/.exec(body)?.[1];
    // Each child's newest backlog reading goes first, not historical: the current state, not a live reading.
    if (state.liveSince && ts && Date.parse(ts) >= state.liveSince) seen.liveLagMs.push(Date.now() - Date.parse(ts));
  });
  const server = createServer(broker.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    seen,
    port,
    /** Counts live readings' delays from now on (`true`) or no more (`false`). */
    countLive(on: boolean) {
      state.liveSince = on ? Date.now() : 0;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
