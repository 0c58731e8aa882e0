import {
  inventoryImportBody,
  inventoryItem,
  inventoryItemBody,
  inventoryListQuery,
  purchaseOrderBody,
  purchaseOrderDetail,
  purchaseOrderListQuery,
  purchaseOrderSummary,
  supplier,
} from '@rcm/shared/inventory';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { holdsOrganization, requireScope } from '../auth/scope.ts';
import { itemsToCsv } from './csv.ts';
import type { ItemsRepo } from './items-repo.ts';
import type { ItemsService } from './items-service.ts';
import type { PurchaseOrdersRepo } from './po-repo.ts';
import type { PurchaseOrdersService } from './po-service.ts';

export function inventoryRoutes(deps: {
  items: ItemsRepo;
  itemsService: ItemsService;
  orders: PurchaseOrdersRepo;
  ordersService: PurchaseOrdersService;
}): FastifyPluginAsyncZod {
  const { items, itemsService, orders, ordersService } = deps;
  return async (app) => {
    app.get(
      '/inventory',
      {
        config: needs('inventory.view'),
        schema: {
          querystring: inventoryListQuery,
          response: { 200: z.object({ data: z.array(inventoryItem), meta: listMeta }) },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        const q = request.query;
        const { items: data, total } = await items.list(q, scope);
        return { data, meta: pageMeta(q.page, q.per_page, total) };
      },
    );

    app.get(
      '/inventory/brands',
      { config: needs('inventory.view'), schema: { response: { 200: z.object({ data: z.array(z.string()) }) } } },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        return { data: await items.brands(scope) };
      },
    );

    // Every matching row (not one page), as CSV; at most 50,000 rows.
    app.get(
      '/inventory/export',
      {
        config: needs('inventory.view'),
        schema: { querystring: inventoryListQuery.omit({ page: true, per_page: true }) },
      },
      async (request, reply) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        const { items: data } = await items.list({ ...request.query, page: 1, per_page: 50_000 }, scope);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="inventory.csv"')
          .send(itemsToCsv(data));
      },
    );

    app.get(
      '/inventory/:id',
      {
        config: needs('inventory.view'),
        schema: { params: idParams, response: { 200: z.object({ data: inventoryItem }) } },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        const item = await items.findById(request.params.id);
        if (!item || !holdsOrganization(scope, item.organisation.id)) throw new AppError(404, 'not_found');
        return { data: item };
      },
    );

    app.post(
      '/inventory',
      {
        config: needs('inventory.edit'),
        schema: { body: inventoryItemBody, response: { 201: z.object({ data: inventoryItem }) } },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        requireScope(ctx, 'inventory');
        const id = await itemsService.create(ctx, request.body);
        const item = await items.findById(id);
        if (!item) throw new AppError(404, 'not_found');
        return reply.status(201).send({ data: item });
      },
    );

    app.put(
      '/inventory/:id',
      {
        config: needs('inventory.edit'),
        schema: { params: idParams, body: inventoryItemBody, response: { 200: z.object({ data: inventoryItem }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await itemsService.update(ctx, request.params.id, request.body);
        const item = await items.findById(request.params.id);
        if (!item) throw new AppError(404, 'not_found');
        return { data: item };
      },
    );

    // 204: deleted, or archived when orders hold it; 409 in_use while open orders do.
    app.delete(
      '/inventory/:id',
      { config: needs('inventory.edit'), schema: { params: idParams } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        await itemsService.remove(ctx, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/inventory/import',
      {
        config: needs('inventory.edit'),
        bodyLimit: 8 * 1_048_576,
        schema: {
          body: inventoryImportBody,
          response: { 200: z.object({ data: z.object({ created: z.number().int(), updated: z.number().int() }) }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        requireScope(ctx, 'inventory');
        return { data: await itemsService.import(ctx, request.locale, request.body) };
      },
    );

    app.get(
      '/purchase-orders',
      {
        config: needs('inventory.view'),
        schema: {
          querystring: purchaseOrderListQuery,
          response: { 200: z.object({ data: z.array(purchaseOrderSummary), meta: listMeta }) },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        const q = request.query;
        const { items: data, total } = await orders.list(q, scope);
        return { data, meta: pageMeta(q.page, q.per_page, total) };
      },
    );

    app.get(
      '/purchase-orders/options',
      {
        config: needs('inventory.view'),
        schema: {
          response: {
            200: z.object({
              data: z.object({
                suppliers: z.array(supplier),
                locations: z.array(
                  z.object({
                    id: z.number().int(),
                    name: z.string(),
                    organization_id: z.number().int(),
                    organization_name: z.string(),
                  }),
                ),
              }),
            }),
          },
        },
      },
      async (request) => {
        const scope = requireScope(requireAuth(request), 'inventory');
        const locations = await orders.locationsInScope(scope);
        return {
          data: {
            suppliers: await orders.suppliers(),
            locations: locations.map((l) => ({ ...l, id: Number(l.id), organization_id: Number(l.organization_id) })),
          },
        };
      },
    );

    app.get(
      '/purchase-orders/:id',
      {
        config: needs('inventory.view'),
        schema: { params: idParams, response: { 200: z.object({ data: purchaseOrderDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await ordersService.visible(ctx, request.params.id) };
      },
    );

    app.post(
      '/purchase-orders',
      {
        config: needs('inventory.edit'),
        schema: { body: purchaseOrderBody, response: { 201: z.object({ data: purchaseOrderDetail }) } },
      },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const id = await ordersService.create(ctx, request.body);
        return reply.status(201).send({ data: await ordersService.visible(ctx, id) });
      },
    );

    // Sends the draft: its PDF is emailed to the supplier (see po-service `send`).
    app.post(
      '/purchase-orders/:id/send',
      {
        config: needs('inventory.edit'),
        schema: { params: idParams, response: { 200: z.object({ data: purchaseOrderDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await ordersService.send(ctx, request.params.id, request.locale);
        return { data: await ordersService.visible(ctx, request.params.id) };
      },
    );

    app.post(
      '/purchase-orders/:id/receive',
      {
        config: needs('inventory.edit'),
        schema: { params: idParams, response: { 200: z.object({ data: purchaseOrderDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await ordersService.receive(ctx, request.params.id);
        return { data: await ordersService.visible(ctx, request.params.id) };
      },
    );

    // 204: the draft is gone; 409 for a sent or received order.
    app.delete(
      '/purchase-orders/:id',
      { config: needs('inventory.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await ordersService.discard(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/purchase-orders/:id/pdf',
      { config: needs('inventory.view'), schema: { params: idParams } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const { number, pdf } = await ordersService.pdf(ctx, request.params.id, request.locale);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${number}.pdf"`)
          .send(pdf);
      },
    );
  };
}
