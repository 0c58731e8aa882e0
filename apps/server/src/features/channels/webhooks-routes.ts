import { listMeta, pageMeta, pageQuery } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import { settingsListQuery } from '@rcm/shared/settings';
import {
  webhook,
  webhookBody,
  webhookCreated,
  webhookDeliveries,
  webhookPatch,
  webhookTestResult,
} from '@rcm/shared/webhooks';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth } from '../auth/guard.ts';
import type { createWebhooks } from './webhooks.ts';

/** "Send test" calls someone else's server: a few a minute per person (per address before sign-in). */
const TESTS = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.user.id}` : request.ip),
};

/** Webhooks are settings: viewing them needs settings_view, changing or testing them settings_update. */
const READ = needs('webhook.view');
const WRITE = needs('webhook.manage');

const one = { 200: z.object({ data: webhook }) };

export function webhookRoutes(service: ReturnType<typeof createWebhooks>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/webhooks',
      {
        config: READ,
        schema: {
          querystring: settingsListQuery,
          response: { 200: z.object({ data: z.array(webhook), meta: listMeta }) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await service.list(requireAuth(request), q);
        return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.post(
      '/settings/webhooks',
      { config: WRITE, schema: { body: webhookBody, response: { 201: webhookCreated } } },
      async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
    );
    app.get(
      '/settings/webhooks/:id',
      { config: READ, schema: { params: idParams, response: one } },
      async (request) => ({
        data: await service.get(requireAuth(request), request.params.id),
      }),
    );
    app.patch(
      '/settings/webhooks/:id',
      { config: WRITE, schema: { params: idParams, body: webhookPatch, response: one } },
      async (request) => ({ data: await service.update(requireAuth(request), request.params.id, request.body) }),
    );
    app.delete('/settings/webhooks/:id', { config: WRITE, schema: { params: idParams } }, async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });
    app.get(
      '/settings/webhooks/:id/deliveries',
      { config: READ, schema: { params: idParams, querystring: pageQuery(20), response: { 200: webhookDeliveries } } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await service.deliveries(requireAuth(request), request.params.id, q);
        return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.post(
      '/settings/webhooks/:id/test',
      { config: { ...WRITE, rateLimit: TESTS }, schema: { params: idParams, response: { 200: webhookTestResult } } },
      async (request) => ({ data: await service.test(requireAuth(request), request.params.id) }),
    );
  };
}
