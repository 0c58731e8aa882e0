import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { createItemsRepo } from './items-repo.ts';
import { createItemsService } from './items-service.ts';
import { createPurchaseOrdersRepo } from './po-repo.ts';
import { createPurchaseOrdersService } from './po-service.ts';
import { inventoryRoutes } from './routes.ts';
import { createSuppliersRepo } from './suppliers-repo.ts';
import { supplierRoutes } from './suppliers-routes.ts';
import { createSuppliersService } from './suppliers-service.ts';

/** The inventory and purchase-order API, wired from the database. */
export function inventoryModule(deps: { db: Db; audit: AuditRepo; now?: () => Date }): FastifyPluginAsyncZod {
  const items = createItemsRepo(deps.db);
  const orders = createPurchaseOrdersRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const suppliers = createSuppliersRepo(deps.db);
  const routes = inventoryRoutes({
    items,
    itemsService: createItemsService({ db: deps.db, repo: items, audit: deps.audit }),
    orders,
    ordersService: createPurchaseOrdersService({ db: deps.db, repo: orders, audit: deps.audit, now }),
  });
  const supplierApi = supplierRoutes({
    repo: suppliers,
    service: createSuppliersService({ db: deps.db, repo: suppliers, audit: deps.audit }),
  });
  return async (app) => {
    await app.register(supplierApi);
    await app.register(routes);
  };
}
