import { authoriseControllerBody, unauthorisedController } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../auth/guard.ts';
import type { ControllersRepo } from './repo.ts';
import type { ControllersService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function controllerRoutes(deps: { repo: ControllersRepo; service: ControllersService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/controllers/unauthorised',
      { schema: { response: { 200: z.object({ data: z.array(unauthorisedController) }) } } },
      async (request) => {
        requirePermission(request, 'controller_authorize');
        return { data: await deps.repo.listUnauthorised() };
      },
    );

    app.post(
      '/controllers/:id/authorise',
      {
        schema: {
          params: idParams,
          body: authoriseControllerBody,
          response: {
            200: z.object({
              data: z.object({
                controller: z.object({
                  id: z.number(),
                  mac_address: z.string(),
                  name: z.string().nullable(),
                  organization_id: z.number().nullable(),
                  location_id: z.number().nullable(),
                  authorised: z.boolean(),
                }),
                device_key: z.string(),
              }),
            }),
          },
        },
      },
      async (request) => {
        const ctx = requirePermission(request, 'controllers_update');
        const { controller, deviceKey } = await deps.service.authorise(ctx, request.params.id, request.body);
        return {
          data: {
            controller: {
              id: controller.id,
              mac_address: controller.macAddress,
              name: controller.name,
              organization_id: controller.organizationId,
              location_id: controller.locationId,
              authorised: controller.authorised,
            },
            device_key: deviceKey,
          },
        };
      },
    );
  };
}
