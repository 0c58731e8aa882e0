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

/**
 * A local HTTP server shaped like Twilio's REST API (Messages.json and Calls.json of an account):
 * records what the real `twilio` client sends and answers as Twilio does, with a new SID each time.
 * `fail` makes the next requests to a number answer Twilio's error for an invalid "To" (400, 21211).
 */
export async function startTestTwilio() {
  const requests: TwilioRequest[] = [];
  const fail = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const [user = '', password = ''] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      const path = (req.url ?? '').split('?')[0] ?? '';
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
      if (req.method !== 'POST' || !match)
        return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (user !== TEST_TWILIO.TWILIO_ACCOUNT_SID || password !== TEST_TWILIO.TWILIO_AUTH_TOKEN)
        return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (fail.has(form.To ?? ''))
        return send(400, {
          code: 21211,
          message: `The 'To' number ${form.To} is not a valid phone number.`,
          status: 400,
        });
      const kind = match[2] === 'Messages' ? 'SM' : 'CA';
      send(201, {
        sid: `${kind}${randomBytes(16).toString('hex')}`,
        account_sid: match[1],
        to: form.To,
        from: form.From ?? null,
        body: form.Body,
        status: 'queued',
        date_created: new Date().toUTCString(),
        uri: `${path.replace(/\.json$/, '')}/x.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    env: { ...TEST_TWILIO, TWILIO_API_URL: `http://127.0.0.1:${port}` },
    requests,
    fail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
