import { unauthorisedController } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../auth/guard.ts';
import type { ControllersRepo } from './repo.ts';

export function controllerRoutes(deps: { repo: ControllersRepo }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/controllers/unauthorised',
      { schema: { response: { 200: z.object({ data: z.array(unauthorisedController) }) } } },
      async (request) => {
        requirePermission(request, 'controller_authorize');
        return { data: await deps.repo.listUnauthorised() };
      },
    );
  };
}
