import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { normalizeMac } from '@rcm/shared/device';

/** The first real network interface's MAC (by name; loopback and all-zero addresses are not real). */
export function discoverMac(): string | null {
  const ifaces = networkInterfaces();
  for (const name of Object.keys(ifaces).sort()) {
    for (const i of ifaces[name] ?? []) {
      if (i.internal || i.mac === '00:00:00:00:00:00') continue;
      const mac = normalizeMac(i.mac);
      if (mac) return mac;
    }
  }
  return null;
}

/** The device key the console showed once, as the installer saved it; null while there is none. */
export function readKey(path: string): string | null {
  try {
    const key = readFileSync(path, 'utf8').trim();
    return key.length > 0 ? key : null;
  } catch {
    return null;
  }
}
