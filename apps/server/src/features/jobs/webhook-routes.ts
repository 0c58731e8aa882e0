import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobSync } from './sync.ts';
import { fromZuper, zuperJob } from './zuper-provider.ts';

/** The header Zuper's webhook is configured to send with the shared secret. */
export const ZUPER_SECRET_HEADER = 'x-zuper-webhook-secret';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Zuper sends the job as `{job}`, `{data}` or the job object itself, depending on the event. */
function jobOf(body: unknown) {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const inner = b.job ?? (b.data && typeof b.data === 'object' ? b.data : undefined) ?? b;
  return zuperJob.safeParse(inner);
}

/**
 * POST /api/webhooks/zuper: a job changed in Zuper. Authenticated by a shared secret header
 * (ZUPER_WEBHOOK_SECRET); without a configured secret the receiver does not exist.
 */
export function zuperWebhookRoutes(deps: {
  db: Db;
  sync: JobSync;
  bus: EventBus;
  secret: string | undefined;
  now: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/webhooks/zuper',
      {
        // Zuper authenticates with the shared secret (below), not a user's session.
        config: { public: true },
        schema: { hide: true, response: { 200: z.object({ data: z.object({ job_id: z.number().nullable() }) }) } },
      },
      async (request) => {
        if (!deps.secret) throw new AppError(404, 'not_found');
        const given = request.headers[ZUPER_SECRET_HEADER];
        if (typeof given !== 'string' || !sameSecret(given, deps.secret)) throw new AppError(401, 'unauthenticated');
        const parsed = jobOf(request.body);
        if (!parsed.success) throw new AppError(422, 'validation_failed');
        const job = fromZuper(parsed.data);
        const change = await deps.db.transaction((tx) => deps.sync.upsertProviderJob(job, deps.now(), tx));
        if (change) deps.bus.emit('job.updated', change);
        return { data: { job_id: change?.id ?? null } };
      },
    );
  };
}
