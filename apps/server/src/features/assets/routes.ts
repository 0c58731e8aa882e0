import { asset, assetBody, assetListQuery, assetOptions } from '@rcm/shared/assets';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import type { AssetsRepo } from './repo.ts';
import type { AssetsService } from './service.ts';

export function assetRoutes(deps: {
  repo: AssetsRepo;
  service: AssetsService;
  today: () => string;
}): FastifyPluginAsyncZod {
  const { repo, service, today } = deps;
  return async (app) => {
    app.get(
      '/assets',
      {
        config: needs('asset.view'),
        schema: {
          querystring: assetListQuery,
          response: { 200: z.object({ data: z.array(asset), meta: listMeta }) },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'assets');
        const q = request.query;
        const { items, total } = await repo.list(q, scope, today());
        return {
          data: items,
          meta: pageMeta(q.page, q.per_page, total),
        };
      },
    );

    app.get(
      '/assets/options',
      { config: needs('asset.view'), schema: { response: { 200: z.object({ data: assetOptions }) } } },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'assets');
        return { data: await repo.options(scope) };
      },
    );

    app.get(
      '/assets/:id',
      { config: needs('asset.view'), schema: { params: idParams, response: { 200: z.object({ data: asset }) } } },
      async (request) => ({
        data: await service.visible(requireAuth(request), request.params.id),
      }),
    );

    app.post(
      '/assets',
      { config: needs('asset.edit'), schema: { body: assetBody, response: { 201: z.object({ data: asset }) } } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const id = await service.create(ctx, request.body);
        return reply.status(201).send({ data: await service.visible(ctx, id) });
      },
    );

    app.put(
      '/assets/:id',
      {
        config: needs('asset.edit'),
        schema: { params: idParams, body: assetBody, response: { 200: z.object({ data: asset }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await service.update(ctx, request.params.id, request.body);
        return { data: await service.visible(ctx, request.params.id) };
      },
    );

    app.delete('/assets/:id', { config: needs('asset.edit'), schema: { params: idParams } }, async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
