import {
  channelAvailability,
  contactMethod,
  contactMethodBody,
  notificationRulesBody,
  notificationRuleView,
  verifyCodeBody,
} from '@rcm/shared/channels';
import { pagedList, pageOf, pageQuery } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import type { AccountChannels } from './account.ts';

const one = { 200: z.object({ data: contactMethod }) };
/** Sending a code costs money and reaches someone's phone: a few a minute per caller address. */
const sending = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The caller's own channels (every signed-in user has them): contact methods and notification rules. */
export function accountChannelRoutes(service: AccountChannels): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/channels',
      {
        schema: {
          summary: 'What this console can page by (sms and voice need Twilio, push VAPID keys)',
          response: { 200: z.object({ data: channelAvailability }) },
        },
      },
      async () => ({ data: service.availability() }),
    );
    app.get(
      '/account/contact-methods',
      {
        schema: {
          summary: 'Your phone numbers for SMS and calls',
          querystring: pageQuery(25),
          response: { 200: pagedList(contactMethod) },
        },
      },
      async (request) => pageOf(await service.methods(requireAuth(request)), request.query),
    );
    app.post(
      '/account/contact-methods',
      {
        config: sending,
        schema: {
          summary: 'Add a phone number (a 6-digit code is sent to it)',
          body: contactMethodBody,
          response: { 201: z.object({ data: contactMethod }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.addMethod(requireAuth(request), request.body) }),
    );
    app.post(
      '/account/contact-methods/:id/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Verify a phone number with its code',
          params: idParams,
          body: verifyCodeBody,
          response: one,
        },
      },
      async (request) => ({ data: await service.verify(requireAuth(request), request.params.id, request.body.code) }),
    );
    app.post(
      '/account/contact-methods/:id/resend',
      { config: sending, schema: { summary: 'Send a new verification code', params: idParams, response: one } },
      async (request) => ({ data: await service.resendCode(requireAuth(request), request.params.id) }),
    );
    app.delete(
      '/account/contact-methods/:id',
      { schema: { summary: 'Remove a phone number', params: idParams } },
      async (request, reply) => {
        await service.removeMethod(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/account/notification-rules',
      {
        schema: {
          summary: 'How you are paged: each rule fires after its delay unless the alarm was acknowledged',
          response: { 200: z.object({ data: z.array(notificationRuleView) }) },
        },
      },
      async (request) => ({ data: await service.rules(requireAuth(request)) }),
    );
    app.put(
      '/account/notification-rules',
      {
        schema: {
          summary: 'Replace your notification rules',
          body: notificationRulesBody,
          response: { 200: z.object({ data: z.array(notificationRuleView) }) },
        },
      },
      async (request) => ({ data: await service.saveRules(requireAuth(request), request.body) }),
    );
  };
}
