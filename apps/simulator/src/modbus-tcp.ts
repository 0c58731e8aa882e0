import { type AddressInfo, createServer, type Server } from 'node:net';
import { type IServiceVector, ServerTCP } from 'modbus-serial';

/** A port the system says is free now. */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * `modbus-serial`'s Modbus TCP server answering for every unit id through `vector`, on `port`, or
 * without one on a free port. ServerTCP reads port 0 as 502, so a free port is picked first (and
 * again if taken meanwhile, up to five tries). A client's broken socket does not stop it.
 */
export async function serveModbusTcp(
  vector: IServiceVector,
  host: string,
  fixedPort?: number,
): Promise<{ server: ServerTCP; port: number }> {
  let server: ServerTCP | null = null;
  for (let attempt = 0; !server; attempt++) {
    const port = fixedPort || (await freePort(host));
    const s = new ServerTCP(vector, { host, port, unitID: 255 });
    try {
      await new Promise<void>((resolve, reject) => {
        s.on('initialized', () => resolve());
        s.on('serverError', reject);
      });
      server = s;
    } catch (err) {
      if (fixedPort || attempt >= 4) throw new Error(`cannot serve Modbus TCP on ${host}:${port}: ${String(err)}`);
    }
  }
  server.on('socketError', () => {});
  const port = ((server as unknown as { _server: Server })._server.address() as AddressInfo).port;
  return { server, port };
}
