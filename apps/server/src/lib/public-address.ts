import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address (v4, v6, or v4 carried in v6) is loopback, private, link-local, unique-local,
 * unspecified, multicast or otherwise not a public unicast address. ipaddr.js names the range of
 * every special-purpose block (IANA's registries); only `unicast` is public. IPv6 forms that carry
 * an IPv4 address: a mapped one (`::ffff:0:0/96`) and a NAT64 one (`64:ff9b::/96`) are judged as the
 * IPv4 address they carry; the deprecated IPv4-compatible block (`::/96`, `[::127.0.0.1]` is written
 * `[::7f00:1]`) is never public, nor is 6to4 (`2002::/16`, ipaddr.js's `6to4`) or Teredo. Anything
 * that does not parse is not public.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  if (!address.includes(':')) return ipaddr.IPv4.parse(address).range() !== 'unicast';
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.isIPv4MappedAddress()) return isPrivateAddress(v6.toIPv4Address().toString());
  const parts = v6.parts;
  if (parts.slice(0, 6).every((p) => p === 0)) return true;
  if (v6.match(NAT64, 96)) return isPrivateAddress(embeddedIpv4(parts));
  return v6.range() !== 'unicast';
}

/** The well-known NAT64 prefix (RFC 6052); the local-use one (64:ff9b:1::/48) is not public. */
const NAT64 = ipaddr.IPv6.parse('64:ff9b::');

/** The IPv4 address in an IPv6 address's last 32 bits. */
const embeddedIpv4 = (parts: number[]) =>
  [(parts[6] ?? 0) >> 8, (parts[6] ?? 0) & 255, (parts[7] ?? 0) >> 8, (parts[7] ?? 0) & 255].join('.');

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a URL the server will call (a webhook, a push endpoint) reaches only public addresses:
 * every address its host resolves to must be public (server-side request forgery is the risk).
 * A host that does not resolve is not public. The same rule is applied again to the address a
 * request actually connects to (`postGuarded`), so a name that resolves differently later
 * (DNS rebinding) is still refused.
 */
export async function isPublicUrl(url: string): Promise<boolean> {
  let host: string;
  try {
    host = hostOf(new URL(url));
  } catch {
    return false;
  }
  if (isIP(host)) return !isPrivateAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
  } catch {
    return false;
  }
}

/** A request refused because its host is, or resolves to, a private or local address. */
export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a private or local address; this console does not send there.`);
    this.name = 'PrivateAddressError';
  }
}

/** A target that is not an http(s) address. */
export class InvalidTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTargetError';
  }
}

/** No answer within the request's time limit. */
export class NoAnswerError extends Error {
  constructor(timeoutMs: number) {
    super(`No answer within ${Math.round(timeoutMs / 1000)} s.`);
    this.name = 'NoAnswerError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s) agents that resolves the host and refuses it when any address is not
 * public: the connection is made to the very address checked, so the answer cannot change between
 * the check and the connect.
 */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new PrivateAddressError(hostname), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family);
  });
}

export type GuardedAnswer = { status: number; body: string; durationMs: number };

/**
 * POSTs a body to a URL the server was given by a user (a webhook, a push endpoint) without letting
 * it reach this machine or its network: an address literal is checked before connecting, a name is
 * resolved through `publicOnlyLookup` (unless `allowPrivate`, WEBHOOK_ALLOW_PRIVATE). Redirects are
 * not followed; the answer's first 2 KiB are kept. Rejects on a refused address, a network error or
 * the timeout.
 */
export function postGuarded(
  target: string,
  r: { headers: Record<string, string>; body: string | Uint8Array; timeoutMs: number; allowPrivate: boolean },
): Promise<GuardedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      reject(new InvalidTargetError('Not a valid address.'));
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      reject(new InvalidTargetError('Only http and https addresses are called.'));
      return;
    }
    const host = hostOf(url);
    if (!r.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      reject(new PrivateAddressError(host));
      return;
    }
    const body = typeof r.body === 'string' ? Buffer.from(r.body) : Buffer.from(r.body);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...r.headers, 'content-length': String(body.length) },
        ...(r.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
        // A fresh connection every time: a kept-alive socket would skip the lookup and its check.
        agent: false,
        timeout: r.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 2048) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 2048),
            durationMs: Math.round(performance.now() - started),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new NoAnswerError(r.timeoutMs)));
    req.on('error', (err) => reject(err));
    req.end(body);
  });
}
