/**
 * The messages between the embedded broker's front (mqtt-broker.ts, on the server's event loop) and
 * aedes (broker-worker.ts, on a worker thread of its own). The thread holds every device's PUBACK
 * until the server says the message's batch committed.
 */

import { DEVICE_CHANNELS } from '@rcm/shared/device';

export const DEFAULT_MQTT_PORT = 1883;

/**
 * What a publish is, by its index in a batch's `channels`: a device channel (a controller's own, or a
 * gateway's child's), or a store gateway's birth message.
 */
export const INGEST_CHANNELS = [...DEVICE_CHANNELS, 'birth'] as const;
export type IngestChannel = (typeof INGEST_CHANNELS)[number];

/** `anyPortIfTaken`: listen on a free port when `port` is in use (the default port, not a chosen one). */
export type BrokerWorkerData = { port: number; host: string; anyPortIfTaken: boolean };

/** Worker → server. */
export type BrokerEvent =
  /** Listening on `port`; `fallback`: the port asked for was in use (another broker?). */
  | { type: 'listening'; port: number; fallback: boolean }
  /** The broker could not start (`code`: the socket error's, e.g. EACCES). */
  | { type: 'failed'; message: string; code?: string }
  /** A device connects with this MAC (its client id checked) and password: may it? */
  | { type: 'auth'; id: number; mac: string; password: string }
  /**
   * The publishes that arrived since the last batch, in order: message i is `ids[i]`, from the device
   * `macs[i]` (a gateway's child: `{gateway MAC}/{child}`), on `INGEST_CHANNELS[channels[i]]`, its
   * payload `payload[ends[i-1] ?? 0, ends[i])`.
   */
  | {
      type: 'publishes';
      ids: Int32Array;
      macs: string[];
      channels: Uint8Array;
      ends: Int32Array;
      payload: ArrayBuffer;
    }
  /**
   * A client asked for another MQTT version than 3.1.1 (MQTT 5, say) and was refused with CONNACK
   * return code 1, "unacceptable protocol version".
   */
  | { type: 'protocolRefused'; remote?: string }
  /** A client's connection failed (logged at debug), or, without `client`, the listening socket did. */
  | { type: 'clientError'; client?: string; message: string }
  | { type: 'closed' };

/** Server → worker. */
export type BrokerCommand =
  /** The answer to an `auth`: accepted (a device, or one that may only announce itself), refused, or not known now. */
  | { type: 'auth'; id: number; verdict: 'ok' | 'refused' | 'unavailable' }
  /** Acknowledge `ok` (committed or rejected as bad input); cut the connection for `failed` (not stored). */
  | { type: 'acks'; ok: number[]; failed: number[] }
  /** The controller's key was revoked (re-keyed, decommissioned): its connection, if any, is closed. */
  | { type: 'end'; mac: string }
  | { type: 'close' };
