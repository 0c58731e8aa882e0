import { myAlarmPage } from '@rcm/shared/channels';
import { refParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth } from '../auth/guard.ts';
import type { MyPages } from './my-pages.ts';

/** The alarm view's "Your pages": the caller's own, with their one-tap links. */
export function myPagesRoutes(myPages: MyPages): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/alarms/:ref/my-pages',
      {
        config: needs('alarm.view'),
        schema: {
          summary: 'What reached me about an alarm, with my one-tap acknowledge links',
          params: refParams,
          response: { 200: z.object({ data: z.array(myAlarmPage) }) },
        },
      },
      async (request) => ({ data: await myPages.list(requireAuth(request), request.params.ref) }),
    );
  };
}
