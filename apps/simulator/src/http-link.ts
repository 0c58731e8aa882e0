import { compactMac, type DeviceChannel } from '@rcm/shared/device';
import type { DeviceLink, LinkOptions } from './device-link.ts';
import { OFFLINE_STATUS } from './payloads.ts';
import { toError, tracked } from './types.ts';

const REQUEST_TIMEOUT_MS = 10_000;

/** `${url}/api/ingest/v1/${mac}/${channel}`; the compact MAC is the same segment the MQTT topics use. */
export function ingestUrl(base: string, mac: string, channel: DeviceChannel): string {
  return `${base.replace(/\/+$/, '')}/api/ingest/v1/${compactMac(mac)}/${channel}`;
}

async function post(url: string, key: string, body: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${key}` },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((err: unknown) => {
    // undici says only "fetch failed"; the reason (ECONNREFUSED, a timeout…) is in the cause.
    const cause = toError(err).cause;
    throw new Error(`POST ${url} failed${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause: err });
  });
  // Drain the body either way so undici can reuse the connection.
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

/** HTTP ingest: stateless requests, so "connected" only means not dropped by the offline fault. */
export function httpLink(opts: LinkOptions): DeviceLink {
  const { mac, key, url, stats, onError } = opts;
  let open = false;

  const send = (channel: DeviceChannel, body: string) => tracked(stats, post(ingestUrl(url, mac, channel), key, body));

  return {
    get connected() {
      return open;
    },

    async open() {
      try {
        await send('status', JSON.stringify(opts.status));
      } catch (err) {
        throw new Error(`controller ${mac}: ingest at ${url} did not accept the controller: ${toError(err).message}`, {
          cause: err,
        });
      }
      open = true;
    },

    send(channel: DeviceChannel, body: string) {
      if (!open) return Promise.reject(new Error(`controller ${mac}: not connected`));
      return send(channel, body);
    },

    drop() {
      // Over HTTP a vanished controller simply goes quiet; the server notices the silence.
      open = false;
    },

    async close() {
      if (!open) return;
      open = false;
      await send('status', JSON.stringify(OFFLINE_STATUS)).catch((err) => onError(toError(err)));
    },
  };
}
