import { timingSafeEqual } from 'node:crypto';
import type { ControllerKind } from '@rcm/shared/controllers';
import { hashToken } from '../../auth/tokens.ts';
import type { DeviceRepo } from './device-repo.ts';

export type DeviceRecord = {
  id: number;
  /** Its MAC; a gateway's child's `{gateway MAC}/{child}`. */
  mac: string;
  kind: ControllerKind;
  /** A child's gateway (the child is read through it). */
  gatewayId: number | null;
  name: string | null;
  authorised: boolean;
  organizationId: number | null;
  locationId: number | null;
  deviceAddress: string | null;
  warrantyExpiry: string | null;
  deviceKeyHash: string | null;
  /** Secure mode: its key is accepted over HTTP ingest only through TLS (see http-routes.ts). */
  secureMode: boolean;
  online: boolean;
};

export type DeviceAuth = { kind: 'device'; device: DeviceRecord } | { kind: 'provisioning'; mac: string } | null;

// Authorized devices change rarely; a pending one may be authorized on another instance at any
// moment, so its entry is kept only briefly.
const AUTHORIZED_TTL_MS = 60_000;
const PENDING_TTL_MS = 2_000;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Controllers by MAC, cached for the ingest hot path; `forget` after any change to one. */
export function createDeviceRegistry(deps: {
  repo: DeviceRepo;
  /** The fleet's provisioning key (features/provisioning); null: no new controller may announce itself. */
  provisioning: { current: () => Promise<string> } | null;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { record: DeviceRecord | null; expires: number }>();
  const revokedListeners = new Set<(mac: string) => void>();

  const registry = {
    async get(mac: string): Promise<DeviceRecord | null> {
      const hit = cache.get(mac);
      if (hit && hit.expires > now()) return hit.record;
      const record: DeviceRecord | null = await deps.repo.find(mac);
      cache.set(mac, { record, expires: now() + (record?.authorised ? AUTHORIZED_TTL_MS : PENDING_TTL_MS) });
      return record;
    },

    /** The cached entry when it is still fresh (null: known not to exist); undefined when a lookup is needed. */
    peek(mac: string): DeviceRecord | null | undefined {
      const hit = cache.get(mac);
      return hit && hit.expires > now() ? hit.record : undefined;
    },

    /** Forgets a controller, and a gateway's children with it (their keys begin with its MAC). */
    forget(mac: string): void {
      cache.delete(mac);
      const children = `${mac}/`;
      for (const key of cache.keys()) if (key.startsWith(children)) cache.delete(key);
    },

    /** Its key no longer works (re-keyed, decommissioned): forgotten, and its connection ended (the embedded broker). */
    revoke(mac: string): void {
      registry.forget(mac);
      for (const listener of revokedListeners) listener(mac);
    },

    onRevoked(listener: (mac: string) => void): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },

    /** Marks a cached device online/offline without a reload (ingest and the offline sweep keep it). */
    setOnline(mac: string, online: boolean): void {
      const hit = cache.get(mac);
      if (hit?.record) hit.record.online = online;
    },

    /**
     * A device signs in with its own key; an unknown or pending MAC may use the fleet provisioning
     * key, only to announce itself.
     */
    async authenticate(mac: string, password: string): Promise<DeviceAuth> {
      if (!password || password.length > 200) return null;
      const device = await registry.get(mac);
      if (device?.authorised && device.deviceKeyHash && safeEqual(hashToken(password), device.deviceKeyHash)) {
        return { kind: 'device', device };
      }
      if (device?.authorised || !deps.provisioning) return null;
      // Read on each first contact (cached briefly), so a rotated key is refused at once.
      if (safeEqual(password, await deps.provisioning.current())) return { kind: 'provisioning', mac };
      return null;
    },

    /** Records an unknown MAC as a controller pending authorization; returns it when it is new. */
    async announce(mac: string, info: { model?: string; firmware?: string; vendorEndpoint?: string }) {
      const rows = await deps.repo.insertPending(mac, info, new Date(now()));
      cache.delete(mac);
      return rows[0] ?? null;
    },
  };
  return registry;
}

export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;
