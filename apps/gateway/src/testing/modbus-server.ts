import { serveModbusTcp } from '@rcm/simulator/modbus-tcp';
import { type IServiceVector, ServerSerial } from 'modbus-serial';

export type ServedRequest = {
  unit: number;
  table: 'holding' | 'input' | 'coil' | 'discrete';
  address: number;
  length: number;
};

/** A simulated controller: its registers and bits; a dead one never answers. */
export type SimUnit = { registers: Map<number, number>; bits: Map<number, boolean>; dead?: boolean };

export type TestModbusServer = {
  port: number;
  units: Map<number, SimUnit>;
  /** Every request the server received, in order of arrival. */
  requests: ServedRequest[];
  /** The most requests the server ever held unanswered at once. */
  maxInFlight(): number;
  close(): Promise<void>;
};

type Served = { vector: IServiceVector; requests: ServedRequest[]; maxInFlight: () => number };

/** The server's answers from the units' registers; each held for `answerDelayMs` so overlaps show. */
function servedVector(units: Map<number, SimUnit>, answerDelayMs: number): Served {
  const requests: ServedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  function serve<T>(req: ServedRequest, value: (u: SimUnit) => T, cb: (err: Error | null, v: T) => void) {
    requests.push(req);
    const u = units.get(req.unit);
    if (!u || u.dead) return; // silence: the client times out
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      cb(null, value(u));
    }, answerDelayMs);
  }
  const reg = (u: SimUnit, a: number) => u.registers.get(a) ?? 0;
  const regs = (u: SimUnit, a: number, n: number) => Array.from({ length: n }, (_, i) => reg(u, a + i));

  const vector: IServiceVector = {
    getHoldingRegister: (addr: number, unit: number, cb: (e: Error | null, v: number) => void) =>
      serve({ unit, table: 'holding', address: addr, length: 1 }, (u) => reg(u, addr), cb),
    getMultipleHoldingRegisters: (addr: number, n: number, unit: number, cb: (e: Error | null, v: number[]) => void) =>
      serve({ unit, table: 'holding', address: addr, length: n }, (u) => regs(u, addr, n), cb),
    getInputRegister: (addr: number, unit: number, cb: (e: Error | null, v: number) => void) =>
      serve({ unit, table: 'input', address: addr, length: 1 }, (u) => reg(u, addr), cb),
    getMultipleInputRegisters: (addr: number, n: number, unit: number, cb: (e: Error | null, v: number[]) => void) =>
      serve({ unit, table: 'input', address: addr, length: n }, (u) => regs(u, addr, n), cb),
    getCoil: (addr: number, unit: number, cb: (e: Error | null, v: boolean) => void) =>
      serve({ unit, table: 'coil', address: addr, length: 1 }, (u) => u.bits.get(addr) ?? false, cb),
    getDiscreteInput: (addr: number, unit: number, cb: (e: Error | null, v: boolean) => void) =>
      serve({ unit, table: 'discrete', address: addr, length: 1 }, (u) => u.bits.get(addr) ?? false, cb),
  };
  return { vector, requests, maxInFlight: () => maxInFlight };
}

/**
 * `modbus-serial`'s own Modbus TCP server on a free loopback port, answering for every unit in `units`
 * (the simulator's `serveModbusTcp`).
 */
export async function startModbusServer(units: Map<number, SimUnit>, answerDelayMs = 2): Promise<TestModbusServer> {
  const { vector, requests, maxInFlight } = servedVector(units, answerDelayMs);
  const { server, port } = await serveModbusTcp(vector, '127.0.0.1');
  return {
    port,
    units,
    requests,
    maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of server.socks.keys()) sock.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `modbus-serial`'s Modbus RTU server on a serial port (one end of a pseudo-terminal pair in tests). */
export async function startModbusSerialServer(
  path: string,
  units: Map<number, SimUnit>,
): Promise<Omit<TestModbusServer, 'port'>> {
  const { vector, requests, maxInFlight } = servedVector(units, 2);
  const server = await new Promise<ServerSerial>((resolve, reject) => {
    const s: ServerSerial = new ServerSerial(vector, {
      path,
      baudRate: 19200,
      unitID: 255,
      openCallback: (err: Error | null) => (err ? reject(err) : resolve(s)),
    });
  });
  server.on('error', () => {});
  return { units, requests, maxInFlight, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
export function simUnit(registers: Record<number, number> = {}, bits: Record<number, boolean> = {}): SimUnit {
  return {
    registers: new Map(Object.entries(registers).map(([k, v]) => [Number(k), v & 0xffff])),
    bits: new Map(Object.entries(bits).map(([k, v]) => [Number(k), v])),
  };
}
