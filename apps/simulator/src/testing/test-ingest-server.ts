import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventLog } from './wait-for.ts';

export type IngestRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  raw: string;
  /** Undefined when the body is not JSON. */
  body: unknown;
};

export type TestIngest = {
  url: string;
  requests: EventLog<IngestRequest>;
  /** While set, matching requests wait for `release` before the server answers. */
  hold(match: ((path: string) => boolean) | null): void;
  held: EventLog<{ path: string; release: () => void }>;
  /** Forces this status on every request while set, as a broken server would. */
  failWith(status: number | null): void;
  close(): Promise<void>;
};

const PATH_RE = /^\/api\/ingest\/v1\/([^/]+)\/(status|telemetry|alarms)$/;

/** A stand-in for the server's HTTP ingest: checks `Authorization: Device <key>` per MAC, records everything. */
export async function startTestIngest(keys: ReadonlyMap<string, string>): Promise<TestIngest> {
  const requests = new EventLog<IngestRequest>();
  const held = new EventLog<{ path: string; release: () => void }>();
  let holdMatch: ((path: string) => boolean) | null = null;
  let forced: number | null = null;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const path = req.url ?? '';
      const authorization = req.headers.authorization;
      requests.push({
        method: req.method ?? '',
        path,
        authorization,
        contentType: req.headers['content-type'],
        raw,
        body,
      });

      const answer = () => {
        if (forced !== null) return reply(res, forced, { error: { code: 'forced', message: 'forced failure' } });
        const mac = PATH_RE.exec(path)?.[1];
        if (req.method !== 'POST' || !mac)
          return reply(res, 404, { error: { code: 'not_found', message: 'no route' } });
        if (authorization !== `Device ${keys.get(mac)}`) {
          return reply(res, 401, { error: { code: 'unauthenticated', message: 'bad device key' } });
        }
        if (body === undefined) return reply(res, 400, { error: { code: 'malformed', message: 'not JSON' } });
        reply(res, 202, { data: { accepted: true } });
      };
      if (holdMatch?.(path)) held.push({ path, release: answer });
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    held,
    hold(match) {
      holdMatch = match;
    },
    failWith(status) {
      forced = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
