import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operations endpoints, outside the session auth: `/api/health` (liveness: the process answers),
 * `/api/ready` (readiness: database, broker, Redis; 503 naming the failed part, or while draining;
 * 200 `degraded` naming the reason when a part serves but needs an operator)
 * and `/metrics` (Prometheus text; bearer METRICS_TOKEN when configured). No secrets in any of them.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: { readiness: Readiness; metrics: Metrics; metricsToken?: string; instance?: string },
): void {
  const started = performance.now();
  const hide = { config: { public: true }, schema: { hide: true } };

  app.get('/api/health', hide, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return {
      status: 'ok',
      ...(deps.instance ? { instance: deps.instance } : {}),
      uptime_s: Math.round((performance.now() - started) / 1000),
    };
  });

  app.get('/api/ready', hide, async (_request, reply) => {
    const report = await deps.readiness.report();
    return reply
      .header('Cache-Control', 'no-store')
      .status(report.status === 'ready' || report.status === 'degraded' ? 200 : 503)
      .send(report);
  });

  app.get('/metrics', hide, async (request, reply) => {
    if (deps.metricsToken) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1] || !sameSecret(match[1], deps.metricsToken)) throw new AppError(401, 'unauthenticated');
    }
    const body = await deps.metrics.register.metrics();
    return reply
      .header('Content-Type', deps.metrics.register.contentType)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  // Draining: new HTTP ingest goes elsewhere (the device retries; nothing it sent is acknowledged here).
  app.addHook('onRequest', async (request, reply) => {
    if (deps.readiness.draining && request.url.startsWith('/api/ingest/')) {
      reply.header('Retry-After', '5').header('Connection', 'close');
      throw new AppError(503, 'service_unavailable');
    }
  });
}
