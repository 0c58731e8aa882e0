import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the receiver got it. */
export type ReceivedHook = { path: string; headers: Record<string, string>; body: string };

/**
 * A local HTTP receiver for outbound webhooks: records every request; `answer` sets the status a
 * path answers with (200 unless set). A delivery pass returns once its requests were answered, so
 * tests read `received` right after it.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const answers = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook: ReceivedHook = {
        path: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(hook);
      const status = answers.get(hook.path) ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, status: number) => answers.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
