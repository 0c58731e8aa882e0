import { pushPublicKey, pushSubscriptionBody, pushSubscriptionView, pushUnsubscribeBody } from '@rcm/shared/channels';
import { pagedList, pageOf, pageQuery } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import type { PushAccount } from './push-account.ts';

/** Web Push for the signed-in person: the VAPID key and the devices they enabled push on. */
export function pushRoutes(service: PushAccount): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/public-key',
      {
        schema: {
          summary: 'The VAPID public key browsers subscribe to pushes with',
          response: { 200: z.object({ data: pushPublicKey }) },
        },
      },
      async (request) => {
        requireAuth(request);
        return { data: { public_key: await service.publicKey() } };
      },
    );
    app.get(
      '/account/push-subscriptions',
      {
        schema: {
          summary: 'Your devices with push enabled',
          querystring: pageQuery(25),
          response: { 200: pagedList(pushSubscriptionView) },
        },
      },
      async (request) => pageOf(await service.list(requireAuth(request)), request.query),
    );
    app.post(
      '/account/push-subscriptions',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: "Enable push on a device (the browser's PushSubscription JSON)",
          body: pushSubscriptionBody,
          response: { 201: z.object({ data: pushSubscriptionView }) },
        },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const view = await service.subscribe(ctx, request.body, request.headers['user-agent'] ?? null);
        return reply.status(201).send({ data: view });
      },
    );
    app.delete(
      '/account/push-subscriptions',
      { schema: { summary: 'Disable push on a device (named by its endpoint)', body: pushUnsubscribeBody } },
      async (request, reply) => {
        await service.unsubscribe(requireAuth(request), request.body.endpoint);
        return reply.status(204).send();
      },
    );
    app.delete(
      '/account/push-subscriptions/:id',
      { schema: { summary: 'Disable push on one of your devices', params: idParams } },
      async (request, reply) => {
        await service.remove(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
