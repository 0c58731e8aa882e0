import { authoriseControllerBody, controllerDetail, unauthorisedController } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireAuth, requirePermission } from '../auth/guard.ts';
import { controllerScope, inScope } from '../auth/scope.ts';
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

    app.get(
      '/controllers/:id',
      { schema: { params: idParams, response: { 200: z.object({ data: controllerDetail }) } } },
      async (request) => {
        const ctx = requireAuth(request);
        const row = await deps.repo.detail(request.params.id);
        // Pending controllers belong to nobody yet: those who may authorise them may see them.
        const visible =
          row &&
          (row.c.authorised
            ? (() => {
                const scope = controllerScope(ctx);
                return (
                  !!scope && inScope(scope, { organizationId: row.c.organizationId, locationId: row.c.locationId })
                );
              })()
            : ctx.permissions.has('controllers_update') || ctx.permissions.has('controller_authorize'));
        if (!row || !visible) throw new AppError(404, 'not_found');
        const { c, loc } = row;
        return {
          data: {
            id: c.id,
            mac_address: c.macAddress,
            name: c.name,
            store_alias: c.storeAlias,
            organisation: c.organizationId !== null && row.orgName ? { id: c.organizationId, name: row.orgName } : null,
            location: loc?.id
              ? { id: loc.id, name: loc.name ?? '', address: [loc.a1, loc.city, loc.state].filter(Boolean).join(', ') }
              : null,
            device_address: c.deviceAddress,
            device_model: c.deviceModel,
            firmware: c.firmware,
            vendor_endpoint: c.vendorEndpoint,
            warranty_expiry: c.warrantyExpiry,
            authorised: c.authorised,
            secure_mode: c.secureMode,
            online: c.online,
            last_seen_at: c.lastSeenAt?.toISOString() ?? null,
            created_at: c.createdAt.toISOString(),
            active_alarms: Number(row.activeAlarms),
          },
        };
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
