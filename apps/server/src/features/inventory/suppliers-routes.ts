import { pagedList, pageOf } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import { supplierBody, supplierListQuery, supplierPatch, supplierRecord } from '@rcm/shared/suppliers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import type { SuppliersRepo } from './suppliers-repo.ts';
import type { SuppliersService } from './suppliers-service.ts';

const one = z.object({ data: supplierRecord });

/** /api/inventory/suppliers: read with inventory_view; changes need inventory_edit and organization_view_all. */
export function supplierRoutes(deps: { repo: SuppliersRepo; service: SuppliersService }): FastifyPluginAsyncZod {
  const { repo, service } = deps;
  const found = async (id: number) => {
    const supplier = await repo.find(id);
    if (!supplier) throw new AppError(404, 'not_found');
    return { data: supplier };
  };
  return async (app) => {
    app.get(
      '/inventory/suppliers',
      {
        config: needs('inventory.view'),
        schema: { querystring: supplierListQuery, response: { 200: pagedList(supplierRecord) } },
      },
      async (request) => {
        return pageOf(await repo.list(request.query.include_archived === 'true'), request.query);
      },
    );

    app.post(
      '/inventory/suppliers',
      { config: needs('inventory.edit'), schema: { body: supplierBody, response: { 201: one } } },
      async (request, reply) => {
        const id = await service.create(requireAuth(request), request.body);
        return reply.status(201).send(await found(id));
      },
    );

    app.patch(
      '/inventory/suppliers/:id',
      { config: needs('inventory.edit'), schema: { params: idParams, body: supplierPatch, response: { 200: one } } },
      async (request) => {
        await service.update(requireAuth(request), request.params.id, request.body);
        return found(request.params.id);
      },
    );

    app.delete(
      '/inventory/suppliers/:id',
      { config: needs('inventory.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await service.archive(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
