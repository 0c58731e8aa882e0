import {
  jobCategoryBody,
  jobCategoryList,
  jobCategoryListQuery,
  jobCategoryPatch,
  jobCategoryRecord,
} from '@rcm/shared/jobs';
import { pageOf } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import type { JobCategoriesService } from './categories-service.ts';

const one = z.object({ data: jobCategoryRecord });

/** /api/settings/job-categories: read with settings_view; changes with settings_update (see the service). */
export function jobCategoryRoutes(service: JobCategoriesService): FastifyPluginAsyncZod {
  const found = async (id: number) => {
    const category = await service.find(id);
    if (!category) throw new AppError(404, 'not_found');
    const { externalId: _e, ...data } = category;
    return { data };
  };
  return async (app) => {
    app.get(
      '/settings/job-categories',
      {
        config: needs('settings.view'),
        schema: { querystring: jobCategoryListQuery, response: { 200: jobCategoryList } },
      },
      async (request) => {
        const { data, meta } = pageOf(await service.list(), request.query);
        return { data, meta: { ...meta, managed_by: service.managedBy } };
      },
    );

    app.post(
      '/settings/job-categories',
      { config: needs('settings.edit'), schema: { body: jobCategoryBody, response: { 201: one } } },
      async (request, reply) => {
        const id = await service.create(requireAuth(request), request.body);
        return reply.status(201).send(await found(id));
      },
    );

    app.patch(
      '/settings/job-categories/:id',
      {
        config: needs('settings.edit'),
        schema: { params: idParams, body: jobCategoryPatch, response: { 200: one } },
      },
      async (request) => {
        await service.update(requireAuth(request), request.params.id, request.body);
        return found(request.params.id);
      },
    );

    app.delete(
      '/settings/job-categories/:id',
      { config: needs('settings.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await service.archive(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
