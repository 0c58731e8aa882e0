import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the Twilio client sent, as the server received it. */
export type TwilioRequest = {
  method: string;
  path: string;
  /** Basic auth user (the account SID) and password (the auth token). */
  user: string;
  password: string;
  userAgent: string;
  form: Record<string, string>;
};

export const TEST_TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(31)}1`,
  TWILIO_AUTH_TOKEN: 'test-twilio-auth-token',
  TWILIO_FROM: '+15005550006',
};

/** A message or call the server created, as Twilio's list resources answer it. */
type Created = {
  kind: 'Messages' | 'Calls';
  sid: string;
  to: string;
  from: string | null;
  body?: string;
  date_created: string;
};

/**
 * A local HTTP server shaped like Twilio's REST API (Messages.json and Calls.json of an account):
 * records what the real `twilio` client sends and answers as Twilio does, with a new SID each time,
 * and lists what it created (GET, by `To` and `From`). `fail` makes the next requests to a number
 * answer Twilio's error for an invalid "To" (400, 21211); `hang` creates the message or call to a
 * number and never answers (a sender that dies mid-send; `dropHanging` closes those connections).
 */
export async function startTestTwilio() {
  const requests: TwilioRequest[] = [];
  const fail = new Set<string>();
  const hang = new Set<string>();
  const created: Created[] = [];
  /** Messages people sent to the console's number, by SID: when Twilio received them. */
  const received = new Map<string, string>();
  const hanging: import('node:http').ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const [user = '', password = ''] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      const [path = '', search = ''] = (req.url ?? '').split('?');
      requests.push({
        method: req.method ?? '',
        path,
        user,
        password,
        userAgent: String(req.headers['user-agent']),
        form,
      });
      const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/(Messages|Calls)\.json$/.exec(path);
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const one = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\/(SM\w+)\.json$/.exec(path);
      if (req.method === 'GET' && one) {
        const at = received.get(one[2] ?? '') ?? created.find((c) => c.sid === one[2])?.date_created;
        if (!at) return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return send(200, { sid: one[2], account_sid: one[1], date_created: at, status: 'received' });
      }
      if (!match || (req.method !== 'POST' && req.method !== 'GET'))
        return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (user !== TEST_TWILIO.TWILIO_ACCOUNT_SID || password !== TEST_TWILIO.TWILIO_AUTH_TOKEN)
        return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (req.method === 'GET') {
        const q = new URLSearchParams(search);
        const key = match[2] === 'Messages' ? 'messages' : 'calls';
        const items = created.filter(
          (c) =>
            c.kind === match[2] &&
            (!q.get('To') || c.to === q.get('To')) &&
            (!q.get('From') || c.from === q.get('From')),
        );
        return send(200, {
          [key]: items.map(({ kind: _kind, ...rest }) => rest),
          first_page_uri: req.url,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: 50,
          uri: req.url,
        });
      }
      if (fail.has(form.To ?? ''))
        return send(400, {
          code: 21211,
          message: `The 'To' number ${form.To} is not a valid phone number.`,
          status: 400,
        });
      const kind = match[2] === 'Messages' ? 'SM' : 'CA';
      const item: Created = {
        kind: match[2] === 'Messages' ? 'Messages' : 'Calls',
        sid: `${kind}${randomBytes(16).toString('hex')}`,
        to: form.To ?? '',
        from: form.From ?? null,
        ...(form.Body === undefined ? {} : { body: form.Body }),
        date_created: new Date().toUTCString(),
      };
      created.push(item);
      if (hang.has(form.To ?? '')) {
        hanging.push(res);
        return;
      }
      send(201, { ...item, account_sid: match[1], status: 'queued', uri: `${path.replace(/\.json$/, '')}/x.json` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    env: { ...TEST_TWILIO, TWILIO_API_URL: `http://127.0.0.1:${port}` },
    requests,
    fail,
    hang,
    created,
    /** A reply Twilio received (now, or `at`), before it posts it to the console. */
    receive: (sid: string, at?: Date) => {
      if (at || !received.has(sid)) received.set(sid, (at ?? new Date()).toUTCString());
    },
    dropHanging: () => {
      for (const res of hanging.splice(0)) res.socket?.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
