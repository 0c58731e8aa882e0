import {
  oncallNow,
  oncallSchedule,
  oncallShift,
  overrideBody,
  pagingWarning,
  scheduleBody,
  schedulePatch,
  shiftsQuery,
} from '@rcm/shared/oncall';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams, MAX_ID } from '@rcm/shared/params';
import { settingsListQuery } from '@rcm/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { requirePermission } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import { createSchedulesService } from './schedules-service.ts';
import { pagingWarnings } from './warnings.ts';

type Request = Parameters<typeof requirePermission>[0];
/** Who is on call is for those who handle alarms or settings; changing a rota needs settings_update. */
export const readOncall = (request: Request) => requirePermission(request, 'settings_view', 'alarms_view');
export const writeOncall = (request: Request) => requirePermission(request, 'settings_update');

const one = { 200: z.object({ data: oncallSchedule }) };
const overrideParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  oid: z.coerce.number().int().positive().max(MAX_ID),
});

export function schedulesRoutes(deps: { db: Db; audit: AuditRepo; now: () => Date }): FastifyPluginAsyncZod {
  const service = createSchedulesService(deps);
  return async (app) => {
    app.get(
      '/oncall/schedules',
      {
        schema: {
          querystring: settingsListQuery,
          response: { 200: z.object({ data: z.array(oncallSchedule), meta: listMeta }) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await service.list(readOncall(request), q);
        return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.post(
      '/oncall/schedules',
      { schema: { body: scheduleBody, response: { 201: z.object({ data: oncallSchedule }) } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(writeOncall(request), request.body) }),
    );
    app.get('/oncall/schedules/:id', { schema: { params: idParams, response: one } }, async (request) => ({
      data: await service.get(readOncall(request), request.params.id),
    }));
    app.patch(
      '/oncall/schedules/:id',
      { schema: { params: idParams, body: schedulePatch, response: one } },
      async (request) => ({ data: await service.update(writeOncall(request), request.params.id, request.body) }),
    );
    app.delete('/oncall/schedules/:id', { schema: { params: idParams } }, async (request, reply) => {
      await service.remove(writeOncall(request), request.params.id);
      return reply.status(204).send();
    });
    app.post(
      '/oncall/schedules/:id/overrides',
      { schema: { params: idParams, body: overrideBody, response: { 201: z.object({ data: oncallSchedule }) } } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.addOverride(writeOncall(request), request.params.id, request.body) }),
    );
    app.delete(
      '/oncall/schedules/:id/overrides/:oid',
      { schema: { params: overrideParams } },
      async (request, reply) => {
        await service.removeOverride(writeOncall(request), request.params.id, request.params.oid);
        return reply.status(204).send();
      },
    );
    app.get(
      '/oncall/schedules/:id/shifts',
      {
        schema: {
          params: idParams,
          querystring: shiftsQuery,
          response: { 200: z.object({ data: z.array(oncallShift) }) },
        },
      },
      async (request) => ({
        data: await service.shifts(readOncall(request), request.params.id, {
          from: new Date(request.query.from),
          to: new Date(request.query.to),
        }),
      }),
    );
    app.get(
      '/oncall/warnings',
      { schema: { response: { 200: z.object({ data: z.array(pagingWarning) }) } } },
      async (request) => {
        const ctx = requirePermission(request, 'settings_view');
        return { data: await pagingWarnings(deps.db, requireScope(ctx, 'settings'), deps.now()) };
      },
    );
    app.get(
      '/oncall/now',
      { schema: { response: { 200: z.object({ data: z.array(oncallNow) }) } } },
      async (request) => ({
        data: await service.now(readOncall(request)),
      }),
    );
  };
}
