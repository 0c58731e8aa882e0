import type { DeviceChannel, StatusMessage } from '@rcm/shared/device';
import type { FleetStats } from './types.ts';

export type LinkOptions = {
  /** Colon form, `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  key: string;
  url: string;
  /** Announced (retained on MQTT) whenever the link comes up. */
  status: StatusMessage;
  stats: FleetStats;
  /** Problems after the link was opened; failures while opening reject `open()` instead. */
  onError: (err: Error) => void;
};

/** One controller's way to the server, hiding whether that is an MQTT session or HTTP requests. */
export type DeviceLink = {
  /** Resolves once the server accepted the controller; rejects with a readable reason otherwise. */
  open(): Promise<void>;
  /** Resolves when acknowledged (QoS 1 PUBACK or HTTP 2xx). */
  send(channel: DeviceChannel, body: string, opts?: { retain?: boolean }): Promise<void>;
  /** Whether a send now would go out straight away. */
  readonly connected: boolean;
  /** Vanishes without a goodbye, as a controller losing power would: MQTT's last will fires. */
  drop(): void;
  /** Says goodbye (`{"online": false}`) and closes; never rejects, never hangs. */
  close(): Promise<void>;
};

/** Bounds a wait so that shutting down never hangs on an unreachable server. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
