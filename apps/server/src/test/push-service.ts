import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: its P-256 key pair and auth secret, as `PushSubscription.toJSON()` shows them. */
export type TestDevice = {
  id: string;
  endpoint: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
};

/** A push as the push service received it, after checking its VAPID signature and decrypting it. */
export type ReceivedPush = {
  device: string;
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  encoding: string | undefined;
  /** The JWT's claims (aud, exp, sub) once its ES256 signature checked out with the `k` key. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request names (`k=`). */
  vapidKey: string;
  /** The decrypted payload (JSON). */
  payload: unknown;
};

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with that key. */
function checkVapid(authorization: string | undefined) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header = '', body = '', signature = ''] = m[1].split('.');
  const raw = Buffer.from(m[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const alg = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string };
  if (alg.alg !== 'ES256') throw new Error(`VAPID JWT alg ${alg.alg}`);
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')), vapidKey: m[2] };
}

/** RFC 8291 + RFC 8188 (aes128gcm, one record): the user agent's decryption, written from the RFCs. */
export function decryptPush(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

/**
 * A local push service (what FCM or Mozilla's autopush are to a browser): devices subscribe with
 * their own keys; each push it receives must carry a valid VAPID signature and decrypt with the
 * device's keys, else it answers 400 and records the error. `answer` sets a device's next status
 * (e.g. 410: the subscription is gone).
 */
export async function startTestPushService() {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      const status = answers.get(id) ?? 201;
      try {
        const { claims, vapidKey } = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device).toString('utf8'));
        received.push({
          device: id,
          status,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          encoding: req.headers['content-encoding'],
          claims,
          vapidKey,
          payload,
        });
        res.writeHead(status).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    errors,
    /** A new browser subscription at this push service. */
    subscribe(): TestDevice {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${id}`;
      const device: TestDevice = {
        id,
        endpoint,
        ecdh,
        auth,
        json: { endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
      };
      devices.set(id, device);
      return device;
    },
    answer(device: TestDevice, status: number) {
      answers.set(device.id, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
