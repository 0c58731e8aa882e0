import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { createItemsRepo } from './items-repo.ts';
import { createItemsService } from './items-service.ts';
import { createPurchaseOrdersRepo } from './po-repo.ts';
import { createPurchaseOrdersService } from './po-service.ts';
import { inventoryRoutes } from './routes.ts';

/** The inventory and purchase-order API, wired from the database. */
export function inventoryModule(deps: { db: Db; audit: AuditRepo; now?: () => Date }): FastifyPluginAsyncZod {
  const items = createItemsRepo(deps.db);
  const orders = createPurchaseOrdersRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  return inventoryRoutes({
    items,
    itemsService: createItemsService({ db: deps.db, repo: items, audit: deps.audit }),
    orders,
    ordersService: createPurchaseOrdersService({ repo: orders, audit: deps.audit, now }),
  });
}
