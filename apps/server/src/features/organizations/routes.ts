import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requirePermission } from '../auth/guard.ts';
import type { TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { OrganizationsRepo } from './repo.ts';

function organizationScope(ctx: AuthContext): TenantScope {
  if (ctx.permissions.has('organization_view_all')) return { kind: 'all' };
  return { kind: 'org', organizationId: ctx.user.organizationId, locationIds: ctx.locationIds };
}

const organization = z.object({ id: z.number().int(), name: z.string() });
const location = z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() });

/** Read-only lists used by pickers (authorise a controller, filters); the full pages come with settings. */
export function organizationRoutes(deps: { repo: OrganizationsRepo }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/organizations',
      { schema: { response: { 200: z.object({ data: z.array(organization) }) } } },
      async (request) => {
        const ctx = requirePermission(request, 'organization_view', 'organization_view_all');
        return { data: await deps.repo.list(organizationScope(ctx)) };
      },
    );

    app.get(
      '/organizations/:id/locations',
      {
        schema: {
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: z.object({ data: z.array(location) }) },
        },
      },
      async (request) => {
        const ctx = requirePermission(
          request,
          'organization_view',
          'organization_view_all',
          'locations_view',
          'locations_view_all',
        );
        const scope: TenantScope =
          ctx.permissions.has('organization_view_all') || ctx.permissions.has('locations_view_all')
            ? { kind: 'all' }
            : organizationScope(ctx);
        const rows = await deps.repo.locationsOf(request.params.id, scope);
        if (!rows) throw new AppError(404, 'not_found');
        return { data: rows };
      },
    );
  };
}
