import type { PagingWarning } from '@rcm/shared/oncall';
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
import { idParams, paramId } from '@rcm/shared/params';
import { settingsListQuery } from '@rcm/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope, type TenantScope } from '../auth/scope.ts';
import type { SchedulesService } from './schedules-service.ts';

/** Who is on call is for those who handle alarms or settings; changing a rota needs settings_update. */
/** The same, declared on each route: a caller holding none of them gets 403 before validation. */
export const READ = needs('oncall.view');
export const WRITE = needs('oncall.edit');

const one = { 200: z.object({ data: oncallSchedule }) };
const overrideParams = z.object({ id: paramId, oid: paramId });

export function schedulesRoutes(deps: {
  service: SchedulesService;
  warnings: (scope: TenantScope, now: Date) => Promise<PagingWarning[]>;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service } = deps;
  return async (app) => {
    app.get(
      '/oncall/schedules',
      {
        config: READ,
        schema: {
          querystring: settingsListQuery,
          response: { 200: z.object({ data: z.array(oncallSchedule), meta: listMeta }) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await service.list(requireAuth(request), q);
        return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.post(
      '/oncall/schedules',
      { config: WRITE, schema: { body: scheduleBody, response: { 201: z.object({ data: oncallSchedule }) } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );
    app.get(
      '/oncall/schedules/:id',
      { config: READ, schema: { params: idParams, response: one } },
      async (request) => ({
        data: await service.get(requireAuth(request), request.params.id),
      }),
    );
    app.patch(
      '/oncall/schedules/:id',
      { config: WRITE, schema: { params: idParams, body: schedulePatch, response: one } },
      async (request) => ({ data: await service.update(requireAuth(request), request.params.id, request.body) }),
    );
    app.delete('/oncall/schedules/:id', { config: WRITE, schema: { params: idParams } }, async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });
    app.post(
      '/oncall/schedules/:id/overrides',
      {
        config: WRITE,
        schema: { params: idParams, body: overrideBody, response: { 201: z.object({ data: oncallSchedule }) } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.addOverride(requireAuth(request), request.params.id, request.body) }),
    );
    app.delete(
      '/oncall/schedules/:id/overrides/:oid',
      { config: WRITE, schema: { params: overrideParams } },
      async (request, reply) => {
        await service.removeOverride(requireAuth(request), request.params.id, request.params.oid);
        return reply.status(204).send();
      },
    );
    app.get(
      '/oncall/schedules/:id/shifts',
      {
        config: READ,
        schema: {
          params: idParams,
          querystring: shiftsQuery,
          response: { 200: z.object({ data: z.array(oncallShift) }) },
        },
      },
      async (request) => ({
        data: await service.shifts(requireAuth(request), request.params.id, {
          from: new Date(request.query.from),
          to: new Date(request.query.to),
        }),
      }),
    );
    app.get(
      '/oncall/warnings',
      { config: needs('settings.view'), schema: { response: { 200: z.object({ data: z.array(pagingWarning) }) } } },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await deps.warnings(requireScope(ctx, 'settings'), deps.now()) };
      },
    );
    app.get(
      '/oncall/now',
      { config: READ, schema: { response: { 200: z.object({ data: z.array(oncallNow) }) } } },
      async (request) => ({
        data: await service.now(requireAuth(request)),
      }),
    );
  };
}
