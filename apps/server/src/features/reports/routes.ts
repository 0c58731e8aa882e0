import { isTimeZone } from '@rcm/shared/notifications';
import {
  alarmResponseQuery,
  alarmResponseReport,
  type ExportFormat,
  haccpQuery,
  haccpReport,
  rackManuallyOnQuery,
  rackManuallyOnReport,
  reportLocation,
  uriPurchaseOrdersQuery,
  uriPurchaseOrdersReport,
} from '@rcm/shared/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../auth/guard.ts';
import { type Table, toCsv } from './export.ts';
import { toPdf } from './pdf.ts';
import { createReportsRepo } from './repo.ts';
import { createReportsService } from './service.ts';

/** The reader's time zone, as the browser sends it; unknown or absent: none. */
function readerZone(request: FastifyRequest): string | undefined {
  const value = request.headers['x-time-zone'];
  return typeof value === 'string' && isTimeZone(value) ? value : undefined;
}

/**
 * Sends a report as a CSV (whole, with its length, so the client can show progress) or a streamed PDF
 * in the request's language, its times in the zone of the report's places when they share one, else
 * the reader's (`X-Time-Zone`), else UTC.
 */
export function sendExport(
  reply: FastifyReply,
  name: string,
  q: { from: string; to: string },
  format: ExportFormat,
  table: Table,
) {
  const file = `${name}_${q.from}_${q.to}.${format}`;
  reply.header('content-disposition', `attachment; filename="${file}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    const body = toCsv(table);
    reply.header('content-length', body.length);
    return reply.type('text/csv; charset=utf-8').send(body);
  }
  const request = reply.request;
  const timeZone = table.timeZone ?? readerZone(request) ?? 'UTC';
  return reply
    .type('application/pdf')
    .send(toPdf(table, { locale: request.locale, timeZone, generatedAt: new Date() }));
}

/** GET /api/reports/{name}: JSON (a page and a summary), or `?format=csv|pdf` for the whole report. */
export function reportRoutes(deps: { db: Db; now: () => Date }): FastifyPluginAsyncZod {
  const reports = createReportsService({ repo: createReportsRepo(deps.db), now: deps.now });
  // Exports are binary: the 200 schema applies to JSON answers only.
  const loose = (schema: unknown) => ({ 200: schema as never });

  return async (app) => {
    const locale = (request: FastifyRequest) => request.locale;

    app.get(
      '/reports/locations',
      { schema: { response: { 200: z.object({ data: z.array(reportLocation) }) } } },
      async (request) => ({
        data: await reports.locations(requireAuth(request)),
      }),
    );

    app.get(
      '/reports/uri_purchase_orders',
      { schema: { querystring: uriPurchaseOrdersQuery, response: loose(uriPurchaseOrdersReport) } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const q = request.query;
        if (q.format)
          return sendExport(
            reply,
            'uri_purchase_orders',
            q,
            q.format,
            await reports.uriPurchaseOrdersTable(ctx, q, locale(request)),
          );
        return reports.uriPurchaseOrders(ctx, q);
      },
    );

    app.get(
      '/reports/rack_manually_on',
      { schema: { querystring: rackManuallyOnQuery, response: loose(rackManuallyOnReport) } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const q = request.query;
        if (q.format)
          return sendExport(
            reply,
            'rack_manually_on',
            q,
            q.format,
            await reports.rackManuallyOnTable(ctx, q, locale(request)),
          );
        return reports.rackManuallyOn(ctx, q);
      },
    );

    app.get(
      '/reports/haccp',
      { schema: { querystring: haccpQuery, response: loose(haccpReport) } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const q = request.query;
        if (q.format)
          return sendExport(reply, 'haccp', q, q.format, await reports.haccpTable(ctx, q, locale(request), q.format));
        return reports.haccp(ctx, q);
      },
    );

    app.get(
      '/reports/alarm_response',
      { schema: { querystring: alarmResponseQuery, response: loose(alarmResponseReport) } },
      async (request, reply) => {
        const ctx = requireAuth(request);
        const q = request.query;
        if (q.format)
          return sendExport(
            reply,
            'alarm_response',
            q,
            q.format,
            await reports.alarmResponseTable(ctx, q, locale(request)),
          );
        return reports.alarmResponse(ctx, q);
      },
    );
  };
}
