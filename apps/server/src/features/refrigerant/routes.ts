import {
  levelTrend,
  REFRIGERANTS,
  rackRefParams,
  refrigerantEvent,
  refrigerantEventBody,
  refrigerantEventList,
  refrigerantList,
  refrigerantReport,
  refrigerantReportQuery,
  refrigerantSystem,
  refrigerantSystemBody,
  refrigerantSystemResponse,
} from '@rcm/shared/refrigerant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { reportRoute } from '../reports/routes.ts';
import { levelTrendOf } from './level-trend.ts';
import type { RefrigerantRepo } from './repo.ts';
import type { RefrigerantReports } from './report.ts';
import type { RefrigerantService } from './service.ts';

/** A rack's refrigeration system, its refrigerant log, the refrigerant table and the refrigerant report. */
export function refrigerantRoutes(deps: {
  db: Db;
  repo: RefrigerantRepo;
  service: RefrigerantService;
  report: RefrigerantReports;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { repo, service, report, now } = deps;

  return async (app) => {
    app.get('/refrigerants', { schema: { response: { 200: refrigerantList } } }, async (request) => {
      requireAuth(request);
      return { data: REFRIGERANTS.map((r) => ({ ...r })) };
    });

    app.get(
      '/controllers/:id/racks/:ref/refrigerant',
      {
        config: needs('controller.list'),
        schema: { params: rackRefParams, response: { 200: refrigerantSystemResponse } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const { system } = await service.view(ctx, request.params.id, request.params.ref);
        return { data: system };
      },
    );

    app.patch(
      '/controllers/:id/racks/:ref/refrigerant',
      {
        config: needs('controller.maintain'),
        schema: {
          params: rackRefParams,
          body: refrigerantSystemBody,
          response: { 200: z.object({ data: refrigerantSystem }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const { system } = await service.saveSystem(ctx, request.params.id, request.params.ref, request.body);
        if (!system) throw new Error('refrigerant system not saved');
        return { data: system };
      },
    );

    app.get(
      '/controllers/:id/racks/:ref/refrigerant-events',
      {
        config: needs('controller.list'),
        schema: { params: rackRefParams, response: { 200: refrigerantEventList } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const { system, events } = await service.view(ctx, request.params.id, request.params.ref);
        return { data: events, system };
      },
    );

    app.get(
      '/controllers/:id/racks/:ref/level-trend',
      {
        config: needs('controller.list'),
        schema: { params: rackRefParams, response: { 200: z.object({ data: levelTrend }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await service.view(ctx, request.params.id, request.params.ref);
        return { data: await levelTrendOf(repo, request.params.id, request.params.ref, now()) };
      },
    );

    app.post(
      '/controllers/:id/racks/:ref/refrigerant-events',
      {
        config: needs('controller.maintain'),
        schema: {
          params: rackRefParams,
          body: refrigerantEventBody,
          response: { 201: z.object({ data: refrigerantEvent, system: refrigerantSystem.nullable() }) },
        },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const { event, system } = await service.addEvent(ctx, request.params.id, request.params.ref, request.body);
        return reply.code(201).send({ data: event, system });
      },
    );

    reportRoute(app, 'refrigerant', refrigerantReportQuery, refrigerantReport, {
      json: report.json,
      table: report.table,
      now: now,
      db: deps.db,
    });
  };
}
