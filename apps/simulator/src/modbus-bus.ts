/**
 * A Modbus TCP bus of simulated case controllers, served by `modbus-serial`'s ServerTCP: each unit id
 * answers the registers its device profile names with what its case's physics read now
 * (case-controller.ts, modbus-image.ts). A unit id with no controller, or one with the `offline`
 * fault, stays silent, as on a real bus; a register the profile does not name answers "illegal data
 * address". With `line`, every answer waits as long as the request and the answer would take on an
 * RS-485 line at that baud, one transaction after another, as behind a serial converter.
 */
import type { DeviceProfile, RegisterTable, SerialSettings } from '@rcm/shared/device-profile';
import type { IServiceVector } from 'modbus-serial';
import { type CaseController, type CaseFault, type CaseReadings, createCaseController } from './case-controller.ts';
import { type RegisterImage, registerImage } from './modbus-image.ts';
import { serveModbusTcp } from './modbus-tcp.ts';
import { deriveSeed, mulberry32 } from './prng.ts';

export type LineSettings = Pick<SerialSettings, 'baud' | 'parity' | 'data_bits' | 'stop_bits'>;

/** Bits one character takes on the line: start, data, parity, stop (11 for 8E1 and 8N2). */
export function bitsPerChar(line: LineSettings): number {
  return 1 + line.data_bits + (line.parity === 'none' ? 0 : 1) + line.stop_bits;
}

/**
 * How long one read takes on the wire in Modbus RTU: the request frame (8 bytes), the answer (5 bytes
 * and the data: 2 per register, 1 per 8 bits), each after 3.5 characters of silence.
 */
export function transactionMs(line: LineSettings, table: RegisterTable, count: number): number {
  const data = table === 'coil' || table === 'discrete' ? Math.ceil(count / 8) : 2 * count;
  const chars = 3.5 + 8 + 3.5 + 5 + data;
  return (chars * bitsPerChar(line) * 1000) / line.baud;
}

export type BusUnit = { unit: number; profile: DeviceProfile };

export type ModbusBusOptions = {
  units: readonly BusUnit[];
  /** Default 127.0.0.1; port 0 (the default) picks a free one. */
  host?: string;
  port?: number;
  /** Fixes the readings and the defrost and door schedules. */
  seed?: number;
  /** The serial line the answers take the time of; without it they come at once. */
  line?: LineSettings;
  /** The physics' clock (ms since the epoch); tests fix it. Default `Date.now`. */
  clock?: () => number;
  /** Told of each request as it arrives (`performance.now()` time), for benches that time the bus. */
  onRequest?: (unit: number, table: RegisterTable, count: number, atMs: number) => void;
};

export type SimulatedUnit = {
  unit: number;
  profile: DeviceProfile;
  controller: CaseController;
  /** The seed of its defrost and door schedule (case-cycle.ts). */
  cycleSeed: number;
  /** What the registers hold now came from these readings (null before the first request). */
  readings(): CaseReadings | null;
};

export type ModbusBus = {
  readonly host: string;
  readonly port: number;
  readonly units: ReadonlyMap<number, SimulatedUnit>;
  inject(unit: number, fault: CaseFault): void;
  clear(unit: number, fault?: CaseFault): void;
  /** Requests received, and those answered (a silent unit answers none). */
  stats(): { requests: number; answered: number };
  close(): Promise<void>;
};

/** A unit's register image is rebuilt at most this often: the physics moves in seconds. */
const IMAGE_MS = 1_000;

class IllegalAddress extends Error {
  readonly modbusErrorCode = 2;
}

export async function startModbusBus(opts: ModbusBusOptions): Promise<ModbusBus> {
  const host = opts.host ?? '127.0.0.1';
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const clock = opts.clock ?? Date.now;
  const started = clock();
  type Unit = SimulatedUnit & { image: RegisterImage | null; imageAt: number; last: CaseReadings | null };
  const units = new Map<number, Unit>();
  for (const [i, u] of opts.units.entries()) {
    if (units.has(u.unit)) throw new Error(`unit ${u.unit} is on the bus twice`);
    const cycleSeed = deriveSeed(seed ^ 0x5eed, u.unit);
    const unit: Unit = {
      ...u,
      cycleSeed,
      controller: createCaseController({
        unit: u.unit,
        rand: mulberry32(deriveSeed(seed, i)),
        cycleSeed,
        startMs: started,
      }),
      readings: () => unit.last,
      image: null,
      imageAt: 0,
      last: null,
    };
    units.set(u.unit, unit);
  }
  const counts = { requests: 0, answered: 0 };
  // When the line is next free: transactions follow one another on a serial bus.
  let lineFreeAt = 0;

  const imageOf = (unit: number) => {
    const u = units.get(unit);
    if (!u || u.controller.faults.has('offline')) return null;
    const now = clock();
    if (!u.image || now - u.imageAt >= IMAGE_MS || now < u.imageAt) {
      u.last = u.controller.readAt(now);
      u.image = registerImage(u.profile, u.last);
      u.imageAt = now;
    }
    return u.image;
  };

  /** Answers after the line time of this read, or never for a silent unit. */
  const answer = <T>(unit: number, table: RegisterTable, count: number, value: (image: RegisterImage) => T) =>
    new Promise<T>((resolve, reject) => {
      counts.requests++;
      opts.onRequest?.(unit, table, count, performance.now());
      const image = imageOf(unit);
      if (!image) return; // silence: the gateway times out
      let result: { ok: true; v: T } | { ok: false; err: Error };
      try {
        result = { ok: true, v: value(image) };
      } catch (err) {
        result = { ok: false, err: err as Error };
      }
      const settle = () => {
        counts.answered++;
        if (result.ok) resolve(result.v);
        else reject(result.err);
      };
      if (!opts.line) return settle();
      const now = performance.now();
      lineFreeAt = Math.max(now, lineFreeAt) + transactionMs(opts.line, table, count);
      setTimeout(settle, lineFreeAt - now);
    });

  const words = (image: RegisterImage, table: 'holding' | 'input', addr: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const w = image.words.get(table)?.get(addr + i);
      if (w === undefined) throw new IllegalAddress(`no ${table} register ${addr + i}`);
      return w;
    });

  /**
   * ServerTCP asks for coils and discrete inputs one bit at a time, all within one turn of the event
   * loop: the bits of one request are gathered and answered together, after one line time.
   */
  type BitAsk = { addr: number; cb: (err: Error | null, v: boolean) => void };
  let gathering: { unit: number; table: 'coil' | 'discrete'; asks: BitAsk[] } | null = null;
  const bit = (table: 'coil' | 'discrete', addr: number, unit: number, cb: BitAsk['cb']) => {
    if (!gathering || gathering.unit !== unit || gathering.table !== table) {
      const batch = { unit, table, asks: [] as BitAsk[] };
      gathering = batch;
      queueMicrotask(() => {
        if (gathering === batch) gathering = null;
        const first = Math.min(...batch.asks.map((a) => a.addr));
        answer(unit, table, batch.asks.length, (image) =>
          batch.asks.map((a) => {
            const b = image.bits.get(table)?.get(a.addr);
            if (b === undefined) throw new IllegalAddress(`no ${table} ${a.addr} (read from ${first})`);
            return b;
          }),
        ).then(
          (values) => {
            for (const [i, a] of batch.asks.entries()) a.cb(null, values[i] as boolean);
          },
          (err: Error) => batch.asks[0]?.cb(err, false),
        );
      });
    }
    gathering.asks.push({ addr, cb });
  };

  const reply =
    <T>(p: Promise<T>) =>
    (cb: (err: Error | null, v: T) => void) =>
      p.then(
        (v) => cb(null, v),
        (err: Error) => cb(err, undefined as T),
      );

  const vector: IServiceVector = {
    getHoldingRegister: (addr: number, unit: number, cb: (e: Error | null, v: number) => void) =>
      reply(answer(unit, 'holding', 1, (img) => words(img, 'holding', addr, 1)[0] as number))(cb),
    getMultipleHoldingRegisters: (addr: number, n: number, unit: number, cb: (e: Error | null, v: number[]) => void) =>
      reply(answer(unit, 'holding', n, (img) => words(img, 'holding', addr, n)))(cb),
    getInputRegister: (addr: number, unit: number, cb: (e: Error | null, v: number) => void) =>
      reply(answer(unit, 'input', 1, (img) => words(img, 'input', addr, 1)[0] as number))(cb),
    getMultipleInputRegisters: (addr: number, n: number, unit: number, cb: (e: Error | null, v: number[]) => void) =>
      reply(answer(unit, 'input', n, (img) => words(img, 'input', addr, n)))(cb),
    getCoil: (addr: number, unit: number, cb: (e: Error | null, v: boolean) => void) => bit('coil', addr, unit, cb),
    getDiscreteInput: (addr: number, unit: number, cb: (e: Error | null, v: boolean) => void) =>
      bit('discrete', addr, unit, cb),
  };

  const { server, port } = await serveModbusTcp(vector, host, opts.port);

  const find = (unit: number) => {
    const u = units.get(unit);
    if (!u) throw new Error(`no simulated unit ${unit} on this bus (has ${[...units.keys()].join(', ')})`);
    return u;
  };
  return {
    host,
    port,
    units,
    inject: (unit, fault) => {
      const u = find(unit);
      u.controller.inject(fault);
      u.image = null;
    },
    clear: (unit, fault) => {
      const u = find(unit);
      u.controller.clear(fault);
      u.image = null;
    },
    stats: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of server.socks.keys()) sock.destroy();
        server.close(() => resolve());
      }),
  };
}
