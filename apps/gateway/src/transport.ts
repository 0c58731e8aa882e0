import type { EventEmitter } from 'node:events';
import type { RegisterTable } from '@rcm/shared/device-profile';
import ModbusRTU from 'modbus-serial';
import { type BusConfig, busEndpoint } from './config.ts';

/** Why a request failed: no answer in time, an answer that is a Modbus exception, or no link at all. */
export type FailureKind = 'timeout' | 'exception' | 'link';

export class ModbusRequestError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly exceptionCode?: number,
  ) {
    super(message);
  }
}

const EXCEPTIONS: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'server device failure',
  6: 'server device busy',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

/** One bus's link: a serial line, or one TCP connection (Modbus TCP, or RTU frames over TCP). */
export type ModbusTransport = {
  readonly endpoint: string;
  /** Opens the link if it is not open; rejects with a `link` error when the port or the converter refuses. */
  connect(timeoutMs: number): Promise<void>;
  read(
    unit: number,
    table: RegisterTable,
    start: number,
    count: number,
    timeoutMs: number,
  ): Promise<number[] | boolean[]>;
  close(): Promise<void>;
};

function classify(err: unknown): ModbusRequestError {
  const e = err as { message?: string; errno?: string; modbusCode?: number; code?: string };
  if (typeof e.modbusCode === 'number') {
    const what = EXCEPTIONS[e.modbusCode] ?? 'exception';
    // A gateway's "target failed to respond" is the unit not answering, seen through a converter.
    const kind = e.modbusCode === 11 ? 'timeout' : 'exception';
    return new ModbusRequestError(kind, `exception ${e.modbusCode} (${what})`, e.modbusCode);
  }
  if (e.errno === 'ETIMEDOUT' || e.message === 'Timed out') return new ModbusRequestError('timeout', 'no answer');
  return new ModbusRequestError('link', e.message ?? String(err));
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new ModbusRequestError('link', `${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Closes a client without waiting on a link that is already gone: modbus-serial's close of a TCP
 * connection the other end closed waits for a 'close' event that came before, and never calls back.
 */
function closeClient(c: ModbusRTU): Promise<void> {
  if (!c.isOpen) {
    c.destroy(() => {});
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => c.destroy(() => resolve()), 1_000);
    c.close(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A bus over `modbus-serial`. The link opens on the first request and again after it drops; a
 * request while another is in flight is a bug of the caller and is refused.
 */
export function modbusTransport(bus: BusConfig): ModbusTransport {
  const endpoint = busEndpoint(bus);
  let client: ModbusRTU | null = null;
  let busy = false;

  const open = async (timeoutMs: number): Promise<ModbusRTU> => {
    if (client?.isOpen) return client;
    if (client) {
      const old = client;
      client = null;
      await closeClient(old);
    }
    const c = new ModbusRTU();
    try {
      if (bus.serial) {
        const s = bus.serial;
        await c.connectRTUBuffered(s.path, {
          baudRate: s.baud,
          parity: s.parity,
          dataBits: s.data_bits,
          stopBits: s.stop_bits,
        });
      } else if (bus.tcp?.framing === 'rtu') {
        await withTimeout(
          c.connectTcpRTUBuffered(bus.tcp.host, { port: bus.tcp.port }),
          Math.max(timeoutMs, 2_000),
          'connecting',
        );
      } else if (bus.tcp) {
        await withTimeout(c.connectTCP(bus.tcp.host, { port: bus.tcp.port }), Math.max(timeoutMs, 2_000), 'connecting');
      }
    } catch (err) {
      c.close(() => {});
      const e = err instanceof ModbusRequestError ? err : classify(err);
      throw new ModbusRequestError('link', `cannot open ${endpoint}: ${e.message}`);
    }
    c.on('error', () => {});
    client = c;
    return c;
  };

  return {
    endpoint,
    async connect(timeoutMs) {
      if (busy) throw new Error(`${endpoint}: connecting while a request is in flight`);
      busy = true;
      try {
        await open(timeoutMs);
      } finally {
        busy = false;
      }
    },
    async read(unit, table, start, count, timeoutMs) {
      if (busy) throw new Error(`${endpoint}: a second request while one is in flight`);
      busy = true;
      try {
        const c = await open(timeoutMs);
        c.setID(unit);
        c.setTimeout(timeoutMs);
        const request = async (): Promise<number[] | boolean[]> => {
          switch (table) {
            case 'holding':
              return (await c.readHoldingRegisters(start, count)).data;
            case 'input':
              return (await c.readInputRegisters(start, count)).data;
            case 'coil':
              return (await c.readCoils(start, count)).data.slice(0, count);
            case 'discrete':
              return (await c.readDiscreteInputs(start, count)).data.slice(0, count);
          }
        };
        // modbus-serial leaves a request unsettled, its timeout cancelled, when the connection closes
        // under it (a converter switched off): the close is the answer, and the link is down.
        let onClose = () => {};
        const closed = new Promise<never>((_, reject) => {
          onClose = () => reject(new ModbusRequestError('link', `the connection to ${endpoint} was closed`));
          (c as unknown as EventEmitter).once('close', onClose);
        });
        try {
          return await Promise.race([request(), closed]);
        } catch (err) {
          if (err instanceof ModbusRequestError) throw err;
          throw classify(err);
        } finally {
          (c as unknown as EventEmitter).removeListener('close', onClose);
        }
      } finally {
        busy = false;
      }
    },
    async close() {
      const c = client;
      client = null;
      if (c) await closeClient(c);
    },
  };
}
