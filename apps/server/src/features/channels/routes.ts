import { ackLinkParams, ackLinkView } from '@rcm/shared/channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AckLinks } from './ack-links.ts';

const viewResponse = { 200: z.object({ data: ackLinkView }) };

/** One-tap acknowledge: public, the link's token stands for its person (rate limited per address). */
export function ackLinkRoutes(ackLinks: AckLinks): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
    app.get(
      '/ack-links/:token',
      {
        config,
        schema: { summary: 'The alarm of a one-tap acknowledge link', params: ackLinkParams, response: viewResponse },
      },
      async (request) => ({ data: await ackLinks.preview(request.params.token) }),
    );
    app.post(
      '/ack-links/:token',
      {
        config,
        schema: { summary: 'Acknowledge through a one-tap link', params: ackLinkParams, response: viewResponse },
      },
      async (request) => ({ data: await ackLinks.acknowledge(request.params.token) }),
    );
  };
}
