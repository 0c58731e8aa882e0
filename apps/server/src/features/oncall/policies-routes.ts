import { alarmPage, escalationPolicy, policyBody, policyPatch } from '@rcm/shared/oncall';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams, refParams } from '@rcm/shared/params';
import { settingsListQuery } from '@rcm/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { toIso } from '../../lib/sql.ts';
import type { AlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { inScope, requireScope } from '../auth/scope.ts';
import type { PagesRepo } from './pages-repo.ts';
import type { PoliciesService } from './policies-service.ts';
import { READ, WRITE } from './schedules-routes.ts';

export function policiesRoutes(deps: {
  service: PoliciesService;
  pages: PagesRepo;
  alarms: AlarmPlaceRepo;
}): FastifyPluginAsyncZod {
  const { service, pages: pagesRepo, alarms } = deps;
  const one = { 200: z.object({ data: escalationPolicy }) };
  return async (app) => {
    app.get(
      '/escalation-policies',
      {
        config: READ,
        schema: {
          querystring: settingsListQuery,
          response: { 200: z.object({ data: z.array(escalationPolicy), meta: listMeta }) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await service.list(requireAuth(request), q);
        return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.post(
      '/escalation-policies',
      { config: WRITE, schema: { body: policyBody, response: { 201: z.object({ data: escalationPolicy }) } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );
    app.patch(
      '/escalation-policies/:id',
      { config: WRITE, schema: { params: idParams, body: policyPatch, response: one } },
      async (request) => ({ data: await service.update(requireAuth(request), request.params.id, request.body) }),
    );
    app.delete('/escalation-policies/:id', { config: WRITE, schema: { params: idParams } }, async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });

    app.get(
      '/alarms/:ref/pages',
      {
        config: needs('alarm.view'),
        schema: { params: refParams, response: { 200: z.object({ data: z.array(alarmPage) }) } },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'alarms');
        const alarm = await alarms.byRef(request.params.ref);
        if (!alarm || !inScope(scope, alarm)) throw notFound();
        const rows = await pagesRepo.pagesOf(alarm.id);
        return {
          data: rows.map((p) => ({
            step: Number(p.step),
            user: p.user_id === null ? null : { id: Number(p.user_id), name: p.user_name ?? '' },
            channel: p.channel,
            status: p.status,
            at: toIso(p.at) ?? '',
            detail: p.detail,
            fallback: Boolean(p.fallback),
          })),
        };
      },
    );
  };
}
