import { createHmac } from 'node:crypto';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_PROVISIONING_KEY = 'demo-provisioning-key';

/** The demo fleet's device keys, derived from the MAC so simulated controllers (and tests) can sign in. */
export function demoDeviceKey(mac: string): string {
  return createHmac('sha256', 'rcm-demo-fleet').update(mac).digest('base64url').slice(0, 32);
}

/** The MAC of the i-th seeded demo controller (see apps/server/src/seed/demo.ts). */
export function demoMac(index: number): string {
  const hex = (0x1000 + index).toString(16).padStart(6, '0');
  return `02:52:43:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** The demo's store gateway: its MAC (the seed authorizes it; its device key is `demoDeviceKey` of it). */
export const DEMO_GATEWAY_MAC = '02:52:47:00:00:01';
