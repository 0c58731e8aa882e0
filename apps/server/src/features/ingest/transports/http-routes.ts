import { DEVICE_CHANNELS, MAX_DEVICE_MESSAGE_BYTES, normalizeMac } from '@rcm/shared/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../../events/bus.ts';
import { AppError } from '../../../lib/errors.ts';
import type { DeviceRegistry } from '../pipeline/device-registry.ts';
import type { IngestPipeline } from '../pipeline/pipeline.ts';
import { IngestRefused } from '../pipeline/submit-result.ts';

const params = z.object({ mac: z.string().max(32), channel: z.enum(DEVICE_CHANNELS) });

function deviceKey(header: string | undefined): string | null {
  const match = /^Device\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** HTTP ingest for controllers that cannot speak MQTT: same payloads, answered after commit. */
export function ingestHttpRoutes(deps: {
  registry: DeviceRegistry;
  pipeline: IngestPipeline;
  bus: EventBus;
  /** While true (the disk is almost full) every message is refused with 503 disk_low, unwritten. */
  refusing?: () => boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/ingest/v1/:mac/:channel',
      {
        bodyLimit: MAX_DEVICE_MESSAGE_BYTES,
        // Devices authenticate with their own key (below), not a user's session.
        config: { public: true },
        schema: {
          params,
          body: z.unknown(),
          response: { 200: z.object({ data: z.object({ stored: z.boolean(), duplicate: z.boolean() }) }) },
        },
      },
      async (request, reply) => {
        const refuse = () => {
          reply.header('Retry-After', '60');
          return new AppError(503, 'disk_low');
        };
        // The batch could not be written: nothing was stored, the device sends it again.
        const unstored = () => {
          reply.header('Retry-After', '5');
          return new AppError(503, 'ingest_failing');
        };
        // Before anything is written, the announcement of a new controller included.
        if (deps.refusing?.()) throw refuse();
        const mac = normalizeMac(request.params.mac);
        const key = deviceKey(request.headers.authorization);
        if (!mac || !key) throw new AppError(401, 'unauthenticated');
        const auth = await deps.registry.authenticate(mac, key);
        if (!auth) throw new AppError(401, 'unauthenticated');
        // A controller in secure mode sends its key only through TLS (HTTPS here, or a reverse proxy
        // on this host or network that terminates it and says so in X-Forwarded-Proto). Older
        // controllers without TLS run with secure mode off.
        if (auth.kind === 'device' && auth.device.secureMode && request.protocol !== 'https') {
          throw new AppError(403, 'tls_required');
        }
        if (auth.kind === 'provisioning') {
          const created = await deps.registry.announce(mac, {});
          if (created) deps.bus.emit('controller.pending', created);
        }
        const result = await deps.pipeline.submit(mac, request.params.channel, request.body).catch((err: unknown) => {
          throw err instanceof IngestRefused ? refuse() : unstored();
        });
        if (!result.ok) {
          if (result.reason === 'too_large') throw new AppError(413, 'payload_too_large');
          throw new AppError(422, 'validation_failed');
        }
        return { data: { stored: result.stored, duplicate: result.duplicate === true } };
      },
    );
  };
}
