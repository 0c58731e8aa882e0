import {
  alarmBulkBody,
  alarmDetail,
  alarmFlood,
  alarmListQuery,
  alarmMetrics,
  alarmMetricsQuery,
  alarmNotesBody,
  alarmShelveBody,
  alarmStats,
  alarmSummary,
  alarmTypeSummary,
} from '@rcm/shared/alarms';
import { listMeta } from '@rcm/shared/pagination';
import { refParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../events/bus.ts';
import type { ChangeDeps } from '../audit/repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { createAlarmLifecycleRepo } from './lifecycle/lifecycle-repo.ts';
import { createAlarmLifecycleService } from './lifecycle/lifecycle-service.ts';
import { createAlarmQueryRepo } from './list/query-repo.ts';
import { createAlarmService } from './list/service.ts';
import { createAlarmMetricsRepo } from './metrics/metrics-repo.ts';
import { createAlarmMetricsService } from './metrics/metrics-service.ts';

const statsQuery = alarmListQuery.omit({ page: true, per_page: true, sort: true });
const one = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
/** The options of a route on one alarm (`/alarms/:ref…`): seen by whoever may see alarms, its ref validated. */
const onAlarm = <S extends object>(schema: S) => ({
  config: needs('alarm.view'),
  schema: { params: refParams, ...schema },
});

/** The alarm API (docs/contracts.md §7); permissions and scope are the services' to enforce. */
export function alarmRoutes(
  deps: ChangeDeps & {
    bus: EventBus;
    auth: AuthService;
  },
): FastifyPluginAsyncZod {
  const lifecycleRepo = createAlarmLifecycleRepo(deps.db);
  const alarms = createAlarmService({
    db: deps.db,
    queries: createAlarmQueryRepo(deps.db),
    lifecycle: lifecycleRepo,
    audit: deps.audit,
  });
  const lifecycle = createAlarmLifecycleService({
    db: deps.db,
    repo: lifecycleRepo,
    bus: deps.bus,
    audit: deps.audit,
    now: deps.now,
  });
  const metrics = createAlarmMetricsService({ repo: createAlarmMetricsRepo(deps.db) });

  return async (app) => {
    app.get(
      '/alarms',
      {
        config: { authInHandler: true, ...needs('alarm.view') },
        attachValidation: true,
        schema: {
          querystring: alarmListQuery,
          response: { 200: z.object({ data: z.array(alarmSummary), meta: listMeta }) },
        },
      },
      // The body is JSON text already (the rows come from PostgreSQL as JSON): sent as it is, which
      // Fastify does for a string with a JSON content type; the schema above documents it.
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send((await alarms.listAuthenticating(request, deps.auth, request.query)) as never),
    );

    app.get(
      '/alarms/stats',
      {
        config: { authInHandler: true, ...needs('alarm.view') },
        attachValidation: true,
        schema: { querystring: statsQuery, response: one(alarmStats) },
      },
      // Four integers: written as JSON here rather than through the zod serializer the schema would run.
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ data: await alarms.statsAuthenticating(request, deps.auth, request.query) }) as never),
    );

    app.get(
      '/alarm-types',
      { config: needs('alarm.view'), schema: { response: one(z.array(alarmTypeSummary)) } },
      async (request) => ({
        data: await alarms.types(requireAuth(request)),
      }),
    );

    app.get(
      '/alarms/floods',
      { config: needs('alarm.view'), schema: { response: one(z.array(alarmFlood)) } },
      async (request) => ({
        data: await alarms.floods(requireAuth(request)),
      }),
    );
    app.get('/alarms/:ref', onAlarm({ response: one(alarmDetail) }), async (request) => ({
      data: await alarms.detail(requireAuth(request), request.params.ref),
    }));

    for (const action of ['acknowledge', 'clear'] as const) {
      app.post(`/alarms/:ref/${action}`, onAlarm({ response: one(alarmSummary) }), async (request) => ({
        data: await lifecycle.apply(requireAuth(request), request.params.ref, action),
      }));
    }

    app.post(
      '/alarms/:ref/shelve',
      onAlarm({ body: alarmShelveBody, response: one(alarmSummary) }),
      async (request) => ({ data: await lifecycle.shelve(requireAuth(request), request.params.ref, request.body) }),
    );
    app.post('/alarms/:ref/unshelve', onAlarm({ response: one(alarmSummary) }), async (request) => ({
      data: await lifecycle.unshelve(requireAuth(request), request.params.ref),
    }));

    app.put(
      '/alarms/:ref/notes',
      onAlarm({ body: alarmNotesBody, response: one(z.object({ notes: z.string() })) }),
      async (request) => ({
        data: await alarms.updateNotes(requireAuth(request), request.params.ref, request.body.notes),
      }),
    );

    app.get(
      '/alarms/:ref/metrics',
      onAlarm({ querystring: alarmMetricsQuery, response: one(alarmMetrics) }),
      async (request) => ({ data: await metrics.metrics(requireAuth(request), request.params.ref, request.query) }),
    );

    app.post(
      '/alarms/bulk',
      {
        config: needs('alarm.view'),
        schema: {
          body: alarmBulkBody,
          response: one(z.object({ updated: z.number().int(), skipped: z.number().int(), request_id: z.string() })),
        },
      },
      async (request) => ({ data: await lifecycle.bulk(requireAuth(request), request.body, String(request.id)) }),
    );
  };
}
