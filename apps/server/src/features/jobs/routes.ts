import {
  JOB_PROVIDERS,
  jobAssignBody,
  jobCategory,
  jobCreateBody,
  jobDetail,
  jobListQuery,
  jobLocation,
  jobStats,
  jobStatusBody,
  jobSummary,
  jobUpdateBody,
} from '@rcm/shared/jobs';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import type { JobCategoriesService } from './categories-service.ts';
import type { JobsRepo } from './repo.ts';
import type { JobsService } from './service.ts';

const statsQuery = jobListQuery.pick({ categories: true, priorities: true, controller_id: true, alarm_id: true });

export function jobRoutes(deps: {
  repo: JobsRepo;
  service: JobsService;
  categories: JobCategoriesService;
  /** Where jobs are kept: here, or in Zuper when it is connected (the dashboard names its tile so). */
  provider: (typeof JOB_PROVIDERS)[number];
}): FastifyPluginAsyncZod {
  const { repo, service, categories } = deps;
  return async (app) => {
    app.get(
      '/jobs',
      {
        config: needs('job.view'),
        schema: {
          querystring: jobListQuery,
          response: { 200: z.object({ data: z.array(jobSummary), meta: listMeta }) },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'jobs');
        const q = request.query;
        const { items, total } = await repo.list(q, scope);
        return {
          data: items.map(({ description: _d, organizationId: _o, ...job }) => job),
          meta: pageMeta(q.page, q.per_page, total),
        };
      },
    );

    app.get(
      '/jobs/stats',
      {
        config: needs('job.view'),
        schema: {
          querystring: statsQuery,
          response: { 200: z.object({ data: jobStats, meta: z.object({ provider: z.enum(JOB_PROVIDERS) }) }) },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'jobs');
        return { data: await repo.stats(request.query, scope), meta: { provider: deps.provider } };
      },
    );

    app.get(
      '/jobs/categories',
      { config: needs('job.view'), schema: { response: { 200: z.object({ data: z.array(jobCategory) }) } } },
      async () => {
        return { data: (await categories.list()).map(({ job_count: _n, ...c }) => c) };
      },
    );

    app.get(
      '/jobs/locations',
      { config: needs('job.create'), schema: { response: { 200: z.object({ data: z.array(jobLocation) }) } } },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'jobs');
        return { data: await repo.locationsIn(scope) };
      },
    );

    app.get(
      '/jobs/:id',
      { config: needs('job.view'), schema: { params: idParams, response: { 200: z.object({ data: jobDetail }) } } },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await service.detail(ctx, request.params.id) };
      },
    );

    app.post(
      '/jobs',
      {
        config: needs('job.create'),
        schema: { body: jobCreateBody, response: { 201: z.object({ data: jobDetail }) } },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const job = await service.create(ctx, request.body);
        return reply.code(201).send({ data: await service.detail(ctx, job.id) });
      },
    );

    app.patch(
      '/jobs/:id',
      {
        config: needs('job.view'),
        schema: { params: idParams, body: jobUpdateBody, response: { 200: z.object({ data: jobDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await service.update(ctx, request.params.id, request.body);
        return { data: await service.detail(ctx, request.params.id) };
      },
    );

    app.post(
      '/jobs/:id/status',
      {
        config: needs('job.view'),
        schema: { params: idParams, body: jobStatusBody, response: { 200: z.object({ data: jobDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await service.changeStatus(ctx, request.params.id, request.body);
        return { data: await service.detail(ctx, request.params.id) };
      },
    );

    app.get(
      '/jobs/:id/assignable',
      {
        config: needs('job.create'),
        schema: {
          params: idParams,
          response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await service.assignable(ctx, request.params.id) };
      },
    );

    app.put(
      '/jobs/:id/assignees',
      {
        config: needs('job.view'),
        schema: { params: idParams, body: jobAssignBody, response: { 200: z.object({ data: jobDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await service.assign(ctx, request.params.id, request.body);
        return { data: await service.detail(ctx, request.params.id) };
      },
    );
  };
}
