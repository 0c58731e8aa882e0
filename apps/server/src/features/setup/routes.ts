import { setupBody, setupStatus } from '@rcm/shared/accounts';
import { authUser } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/service.ts';
import type { SetupService } from './service.ts';

/** `GET /api/setup` (is setup needed?) and `POST /api/setup` (the first administrator); both public. */
export function setupRoutes(deps: {
  setup: SetupService;
  auth: AuthService;
  rateLimit: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/setup',
      { config: { public: true }, schema: { response: { 200: z.object({ data: setupStatus }) } } },
      async () => ({ data: { needed: await deps.setup.needed() } }),
    );

    app.post(
      '/setup',
      {
        config: { public: true, rateLimit: { max: deps.rateLimit, timeWindow: '1 minute' } },
        schema: { body: setupBody, response: { 201: z.object({ data: authUser }) } },
      },
      async (request, reply) => {
        const { token, context } = await deps.setup.setup(request.body);
        reply.header('Authorization', `Bearer ${token}`);
        return reply.status(201).send({ data: deps.auth.present(context) });
      },
    );
  };
}
