import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../../events/bus.ts';
import { startWorker } from '../../../lib/worker.ts';
import type { DeviceRegistry } from '../pipeline/device-registry.ts';
import type { IngestPipeline } from '../pipeline/pipeline.ts';
import { batchAcks } from './ack-batch.ts';
import { type BrokerCommand, type BrokerEvent, type BrokerWorkerData, INGEST_CHANNELS } from './broker-protocol.ts';

/**
 * The embedded MQTT broker (aedes) for the default mode. Devices authenticate with their MAC and
 * key; a device may publish only under its own MAC. A publish is acknowledged only after the ingest
 * pipeline has committed it (docs/contracts.md §11).
 *
 * aedes runs on a worker thread of its own (broker-worker.ts): the devices' sockets, MQTT parsing and
 * the PUBACK writes were a third of the server thread at 30,000 msg/s, and that thread was the
 * limit while the machine had a third of its CPU idle. This side checks credentials (the device
 * registry), announces pending controllers, and hands each publish to the pipeline; the thread holds
 * the PUBACK until the batch's commit comes back. Both directions travel in batches, one message per
 * event-loop turn.
 */
export async function startEmbeddedBroker(deps: {
  port: number;
  host: string;
  anyPortIfTaken?: boolean;
  registry: DeviceRegistry;
  pipeline: IngestPipeline;
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * The thread ended by itself (not by `close`): devices can no longer connect. The process should
   * stop and be restarted (main.ts exits non-zero; systemd and Docker restart it).
   */
  onLost?: () => void;
  /** While true (the disk is almost full) devices are refused at CONNECT: "server unavailable". */
  refusing?: () => boolean;
}): Promise<{ port: number; listening: () => boolean; close: () => Promise<void> }> {
  const { registry, pipeline, log } = deps;
  const worker = startWorker(new URL('./broker-worker.ts', import.meta.url), {
    port: deps.port,
    host: deps.host,
    anyPortIfTaken: deps.anyPortIfTaken ?? false,
  } satisfies BrokerWorkerData);
  const command = (c: BrokerCommand) => worker.postMessage(c);
  // A revoked key (re-keyed, decommissioned) ends the device's connection at once; a gateway's children go with it.
  const unsubscribe = registry.onRevoked((mac) => command({ type: 'end', mac }));
  let listening = false;
  let closing = false;
  let exited = false;
  let closed: (() => void) | null = null;
  let stopped: Promise<void> | undefined;
  let startFailed = false;
  let protocolWarnedAt = Number.NEGATIVE_INFINITY;
  let started: { resolve: (port: number) => void; reject: (err: Error) => void } | null = null;
  const port = new Promise<number>((resolve, reject) => {
    started = { resolve, reject };
  });

  /** Committed (or rejected as bad input) → PUBACK; not stored → the device's connection is cut. */
  const { settle, flush: flushAcks } = batchAcks((acks) => command({ type: 'acks', ...acks }));

  function authenticate(id: number, mac: string, password: string): void {
    if (deps.refusing?.()) {
      command({ type: 'auth', id, verdict: 'unavailable' });
      return;
    }
    registry
      .authenticate(mac, password)
      .then(async (auth) => {
        if (auth?.kind === 'provisioning') {
          const created = await registry.announce(mac, {});
          if (created) deps.bus.emit('controller.pending', created);
        }
        command({ type: 'auth', id, verdict: auth ? 'ok' : 'refused' });
      })
      .catch((err: unknown) => {
        log.error({ err, mac }, 'device authentication failed');
        command({ type: 'auth', id, verdict: 'unavailable' });
      });
  }

  worker.on('message', (event: BrokerEvent) => {
    switch (event.type) {
      case 'listening':
        listening = true;
        if (event.fallback) {
          log.warn(
            `MQTT port ${deps.port} is in use (another broker?): the embedded broker listens on ${event.port}. Set MQTT_PORT to choose.`,
          );
        }
        started?.resolve(event.port);
        started = null;
        break;
      case 'failed':
        startFailed = true;
        started?.reject(
          event.code === 'EADDRINUSE'
            ? new Error(
                `MQTT_PORT ${deps.port} is already in use (another broker?). Set MQTT_PORT to a free port, or leave it unset to use 1883 or any free port.`,
              )
            : Object.assign(new Error(`embedded broker: ${event.message}`), { code: event.code }),
        );
        started = null;
        break;
      case 'auth':
        authenticate(event.id, event.mac, event.password);
        break;
      case 'publishes': {
        const bytes = Buffer.from(event.payload);
        let start = 0;
        for (let i = 0; i < event.ids.length; i++) {
          const id = event.ids[i] as number;
          const end = event.ends[i] as number;
          // Rejected messages (malformed, too large) are acknowledged and dropped: resending cannot fix them.
          const channel = INGEST_CHANNELS[event.channels[i] as number] as (typeof INGEST_CHANNELS)[number];
          if (channel === 'birth')
            pipeline.submitBirth(event.macs[i] as string, bytes.subarray(start, end), (err) => settle(id, !err));
          else
            pipeline.submitTo(event.macs[i] as string, channel, bytes.subarray(start, end), (err) => settle(id, !err));
          start = end;
        }
        break;
      }
      case 'protocolRefused':
        // A misconfigured device retries all the time: one line a minute is enough to find it.
        if (performance.now() - protocolWarnedAt > 60_000) {
          protocolWarnedAt = performance.now();
          log.warn(
            { remote: event.remote },
            'MQTT client refused: the embedded broker speaks MQTT 3.1.1 only (CONNACK 1, unacceptable protocol version)',
          );
        }
        break;
      case 'clientError':
        if (event.client === undefined)
          log.error({ err: event.message }, 'embedded broker: its listening socket failed');
        else log.debug({ client: event.client, err: event.message }, 'mqtt client error');
        break;
      case 'closed':
        listening = false;
        void worker.terminate();
        break;
    }
  });
  worker.on('error', (err) => {
    listening = false;
    // While starting, the start's rejection says it.
    if (!started) log.error({ err: err.message }, 'embedded broker: its thread failed');
    started?.reject(err);
    started = null;
  });
  worker.on('exit', () => {
    exited = true;
    listening = false;
    const starting = started !== null;
    started?.reject(new Error('embedded broker: its thread exited while starting'));
    started = null;
    closed?.();
    if (!closing && !starting && !startFailed) {
      log.error('embedded broker: its thread exited; devices cannot connect');
      deps.onLost?.();
    }
  });

  return {
    port: await port,
    /** Devices can connect (readiness). */
    listening: () => listening,
    close: () => {
      stopped ??= new Promise<void>((resolve) => {
        closing = true;
        unsubscribe();
        if (exited) return resolve();
        closed = resolve;
        // The acknowledgements of the last batches first (server.close flushed the pipeline just
        // before): the thread sends their PUBACKs while the devices are still connected.
        flushAcks();
        command({ type: 'close' });
        // A thread that does not finish closing within 5 s is ended.
        setTimeout(() => void worker.terminate(), 5_000).unref();
      });
      return stopped;
    },
  };
}
