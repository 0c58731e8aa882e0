import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { createItemsRepo } from './items-repo.ts';
import { createItemsService } from './items-service.ts';
import { createPurchaseOrdersRepo } from './po-repo.ts';
import { createPurchaseOrdersService } from './po-service.ts';
import { inventoryRoutes } from './routes.ts';
import { createSuppliersRepo } from './suppliers-repo.ts';
import { supplierRoutes } from './suppliers-routes.ts';
import { createSuppliersService } from './suppliers-service.ts';

/** The inventory, supplier and purchase-order API. */
export function inventoryModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, audit, now } = ctx;
  const items = createItemsRepo(db, now);
  const orders = createPurchaseOrdersRepo(db);
  const suppliers = createSuppliersRepo(db);
  const routes = inventoryRoutes({
    items,
    itemsService: createItemsService({ db, repo: items, audit, now }),
    orders,
    ordersService: createPurchaseOrdersService({ db, repo: orders, audit, outbox: ctx.shared.outbox, now: ctx.now }),
  });
  const supplierApi = supplierRoutes({
    repo: suppliers,
    service: createSuppliersService({ db, repo: suppliers, audit, now }),
  });
  return async (app) => {
    await app.register(supplierApi);
    await app.register(routes);
  };
}
