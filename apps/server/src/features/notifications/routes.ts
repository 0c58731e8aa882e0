import {
  emailNotificationList,
  emailNotificationQuery,
  notificationPreferences,
  notificationPreferencesBody,
} from '@rcm/shared/notifications';
import { idParams, refParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { parseMandrillEvents, verifyMandrillSignature } from '../mail/mandrill.ts';
import type { NotificationsService } from './service.ts';

export const MANDRILL_WEBHOOK_PATH = '/api/webhooks/email/mandrill';

/** Email notifications: preferences, the alarm's and controller's emails, Mandrill delivery events. */
export function notificationRoutes(deps: {
  config: Config;
  service: NotificationsService;
  now: () => Date;
  publicUrl: () => string;
}): FastifyPluginAsyncZod {
  const { service } = deps;
  const webhookUrl = () => `${deps.publicUrl()}${MANDRILL_WEBHOOK_PATH}`;

  return async (app) => {
    app.get(
      '/account/notifications',
      { schema: { response: { 200: z.object({ data: notificationPreferences }) } } },
      async (request) => ({ data: await service.preferences(requireAuth(request)) }),
    );
    app.put(
      '/account/notifications',
      { schema: { body: notificationPreferencesBody, response: { 200: z.object({ data: notificationPreferences }) } } },
      async (request) => ({ data: await service.savePreferences(requireAuth(request), request.body) }),
    );
    app.get(
      '/alarms/:ref/notifications',
      {
        config: needs('alarm.view'),
        schema: { params: refParams, querystring: emailNotificationQuery, response: { 200: emailNotificationList } },
      },
      async (request) => service.forAlarm(requireAuth(request), request.params.ref, request.query),
    );
    app.get(
      '/controllers/:id/notifications',
      {
        config: needs('alarm.view'),
        schema: { params: idParams, querystring: emailNotificationQuery, response: { 200: emailNotificationList } },
      },
      async (request) => service.forController(requireAuth(request), request.params.id, request.query),
    );

    // Mandrill posts form-encoded `mandrill_events`; the parser is local to this plugin.
    await app.register(async (hooks) => {
      hooks.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1_048_576 },
        (_request, body, done) => {
          const params: Record<string, string> = {};
          for (const [k, v] of new URLSearchParams(String(body))) params[k] = v;
          done(null, params);
        },
      );
      // Mandrill checks the URL with a HEAD (and a GET answers too) before saving the webhook.
      hooks.get(
        '/webhooks/email/mandrill',
        { config: { public: true }, schema: { hide: true } },
        async (_request, reply) => reply.status(200).send(''),
      );
      hooks.post(
        '/webhooks/email/mandrill',
        { config: { public: true }, schema: { hide: true } },
        async (request, reply) => {
          const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
            string,
            string
          >;
          const signature = request.headers['x-mandrill-signature'];
          if (
            !verifyMandrillSignature(
              deps.config.MANDRILL_WEBHOOK_KEY,
              webhookUrl(),
              params,
              typeof signature === 'string' ? signature : undefined,
            )
          ) {
            throw new AppError(403, 'forbidden');
          }
          const events = parseMandrillEvents(params.mandrill_events ?? '', deps.now());
          if (!events) throw new AppError(400, 'bad_request');
          const updated = await service.recordMandrillEvents(events);
          return reply.status(200).send({ received: events.length, updated });
        },
      );
    });
  };
}
