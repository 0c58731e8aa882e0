import { type AlarmMetrics, alarmMetrics, alarmMetricsQuery } from '@rcm/shared/alarms';
import {
  authorizeControllerBody,
  type ControllerDetail,
  controllerDetail,
  unauthorizedController,
} from '@rcm/shared/auth';
import {
  controllerListItem,
  controllerListQuery,
  controllerUpdateBody,
  type GatewayStatusView,
  rackState,
} from '@rcm/shared/controllers';
import { listMeta, pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { can } from '../auth/can.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import { type ControllerListRepo, visibleControllers } from './list-repo.ts';
import type { ControllersRepo } from './repo.ts';
import { type ControllersService, canSeeController } from './service.ts';

type DetailRow = NonNullable<Awaited<ReturnType<ControllersRepo['detail']>>>;

/** A gateway's status document as its page shows it, each child with its controller in the console. */
function gatewayStatusOf(
  status: NonNullable<DetailRow['gatewayStatus']>,
  children: { id: number; mac: string; name: string | null }[],
): GatewayStatusView {
  const byChild = new Map(children.map((k) => [k.mac.slice(k.mac.indexOf('/') + 1), k]));
  const d = status.document;
  return {
    received_at: status.receivedAt.toISOString(),
    agent_version: d.agent.version,
    buses: d.buses,
    children: d.children.map((k) => ({
      child: k.child,
      controller_id: byChild.get(k.child)?.id ?? null,
      name: byChild.get(k.child)?.name ?? null,
      online: k.online,
      state: k.state,
      last_good_poll: k.last_good_poll,
      failures: k.failures,
    })),
    outbox: d.outbox,
  };
}

function toDetail(row: DetailRow, gatewayStatus: GatewayStatusView | null = null): ControllerDetail {
  const { c, loc } = row;
  return {
    id: c.id,
    mac_address: c.macAddress,
    name: c.name,
    store_alias: c.storeAlias,
    organisation: c.organizationId !== null && row.orgName ? { id: c.organizationId, name: row.orgName } : null,
    location: loc?.id
      ? {
          id: loc.id,
          name: loc.name ?? '',
          address: [loc.a1, loc.city, loc.state].filter(Boolean).join(', '),
          time_zone: loc.timezone ?? 'UTC',
        }
      : null,
    kind: c.kind,
    gateway: row.gateway?.id ? { id: row.gateway.id, mac_address: row.gateway.mac, name: row.gateway.name } : null,
    bus: c.bus,
    device_address: c.deviceAddress,
    vendor_endpoint_address: c.vendorEndpoint,
    device_model: c.deviceModel,
    offline_reason: c.offlineReason,
    firmware: c.firmware,
    vendor_endpoint: c.vendorEndpoint,
    warranty_expiry: c.warrantyExpiry,
    authorised: c.authorised,
    secure_mode: c.secureMode,
    online: c.online,
    last_seen_at: c.lastSeenAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    active_alarms: Number(row.activeAlarms),
    rejections: row.rejections
      ? {
          count: Number(row.rejections.count),
          last_at: row.rejections.lastAt.toISOString(),
          channel: row.rejections.lastChannel,
          reason: row.rejections.lastReason,
          problem: row.rejections.lastProblem,
          field: row.rejections.lastField,
        }
      : null,
    gateway_status: gatewayStatus,
  };
}

export function controllerRoutes(deps: {
  repo: ControllersRepo;
  list: ControllerListRepo;
  service: ControllersService;
  /** The Rack tab's charts: the rack metrics of a controller over a range. */
  metrics: (controllerId: number, range: { from: string; to: string }) => Promise<AlarmMetrics>;
  now: () => Date;
}): FastifyPluginAsyncZod {
  /** The detail, with a gateway's status and its children's controllers. */
  async function detailOf(row: DetailRow): Promise<ControllerDetail> {
    const status = row.gatewayStatus ? gatewayStatusOf(row.gatewayStatus, await deps.repo.childrenOf(row.c.id)) : null;
    return toDetail(row, status);
  }

  return async (app) => {
    app.get(
      '/controllers',
      {
        config: needs('controller.list'),
        schema: {
          querystring: controllerListQuery,
          response: { 200: z.object({ data: z.array(controllerListItem), meta: listMeta }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const scope = requireScope(ctx, 'controllers');
        const q = request.query;
        const seesPending = can(ctx, 'controller.pending.view');
        const today = deps.now().toISOString().slice(0, 10);
        const { items, total } = await deps.list.list(q, visibleControllers(scope, seesPending), today);
        return {
          data: items,
          meta: pageMeta(q.page, q.per_page, total),
        };
      },
    );

    app.get(
      '/controllers/:id/racks',
      {
        config: needs('controller.list'),
        schema: { params: idParams, response: { 200: z.object({ data: z.array(rackState) }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const controller = await deps.repo.findById(request.params.id);
        if (!controller || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
        return { data: await deps.list.racks(controller.id) };
      },
    );

    app.get(
      '/controllers/:id/metrics',
      {
        config: needs('controller.list'),
        schema: {
          params: idParams,
          querystring: alarmMetricsQuery,
          response: { 200: z.object({ data: alarmMetrics }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const controller = await deps.repo.findById(request.params.id);
        if (!controller || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
        return { data: await deps.metrics(controller.id, request.query) };
      },
    );

    app.patch(
      '/controllers/:id',
      {
        config: needs('controller.edit'),
        schema: {
          params: idParams,
          body: controllerUpdateBody,
          response: { 200: z.object({ data: controllerDetail }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        await deps.service.update(ctx, request.params.id, request.body);
        const row = await deps.repo.detail(request.params.id);
        if (!row) throw new AppError(404, 'not_found');
        return { data: await detailOf(row) };
      },
    );

    app.get(
      '/controllers/unauthorised',
      {
        config: needs('controller.authorize'),
        schema: { response: { 200: z.object({ data: z.array(unauthorizedController) }) } },
      },
      async () => {
        return { data: await deps.repo.listUnauthorized() };
      },
    );

    app.get(
      '/controllers/:id',
      {
        config: needs('controller.view'),
        schema: { params: idParams, response: { 200: z.object({ data: controllerDetail }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const row = await deps.repo.detail(request.params.id);
        if (!row || !canSeeController(ctx, row.c)) throw new AppError(404, 'not_found');
        return { data: await detailOf(row) };
      },
    );

    // Rejects a pending controller or decommissions an authorized one (service.remove).
    app.delete(
      '/controllers/:id',
      { config: needs('controller.remove'), schema: { params: idParams } },
      async (request, reply) => {
        await deps.service.remove(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/controllers/:id/rotate-key',
      {
        config: needs('controller.maintain'),
        schema: { params: idParams, response: { 200: z.object({ data: z.object({ device_key: z.string() }) }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: { device_key: await deps.service.rotateKey(ctx, request.params.id) } };
      },
    );

    app.post(
      '/controllers/:id/authorise',
      {
        config: needs('controller.maintain'),
        schema: {
          params: idParams,
          body: authorizeControllerBody,
          response: {
            200: z.object({
              data: z.object({
                controller: z.object({
                  id: z.number(),
                  mac_address: z.string(),
                  name: z.string().nullable(),
                  organization_id: z.number().nullable(),
                  location_id: z.number().nullable(),
                  authorised: z.boolean(),
                }),
                device_key: z.string(),
              }),
            }),
          },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const { controller, deviceKey } = await deps.service.authorize(ctx, request.params.id, request.body);
        return {
          data: {
            controller: {
              id: controller.id,
              mac_address: controller.macAddress,
              name: controller.name,
              organization_id: controller.organizationId,
              location_id: controller.locationId,
              authorised: controller.authorised,
            },
            device_key: deviceKey,
          },
        };
      },
    );
  };
}
