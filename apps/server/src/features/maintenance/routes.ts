import {
  maintenanceWindow,
  maintenanceWindowBody,
  maintenanceWindowPatch,
  maintenanceWindowQuery,
} from '@rcm/shared/maintenance';
import { pagedList, pageOf } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeDeps } from '../audit/repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { createMaintenanceRepo } from './repo.ts';
import { createMaintenanceService } from './service.ts';

/** Maintenance windows: alarms raised inside one are stored suppressed (windows.ts). */
export function maintenanceRoutes(
  deps: ChangeDeps & {
    /** Called after every change: the ingest side's window cache reads again. */
    changed: () => void;
  },
): FastifyPluginAsyncZod {
  const service = createMaintenanceService({
    db: deps.db,
    repo: createMaintenanceRepo(deps.db),
    audit: deps.audit,
    now: deps.now,
    changed: deps.changed,
  });
  const one = { 200: z.object({ data: maintenanceWindow }) };

  return async (app) => {
    app.get(
      '/maintenance-windows',
      {
        config: needs('controller.list'),
        schema: {
          querystring: maintenanceWindowQuery,
          response: { 200: pagedList(maintenanceWindow) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return pageOf(await service.list(ctx, request.query), request.query);
      },
    );

    app.post(
      '/maintenance-windows',
      {
        config: needs('controller.maintain'),
        schema: { body: maintenanceWindowBody, response: { 201: z.object({ data: maintenanceWindow }) } },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        return reply.status(201).send({ data: await service.create(ctx, request.body) });
      },
    );

    app.patch(
      '/maintenance-windows/:id',
      {
        config: needs('controller.maintain'),
        schema: { params: idParams, body: maintenanceWindowPatch, response: one },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await service.update(ctx, request.params.id, request.body) };
      },
    );

    app.delete(
      '/maintenance-windows/:id',
      { config: needs('controller.maintain'), schema: { params: idParams } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        await service.remove(ctx, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
