import type { Locale } from '@rcm/shared/locale';
import { isTimeZone } from '@rcm/shared/notifications';
import { pagedList, pageOf } from '@rcm/shared/pagination';
import {
  alarmResponseQuery,
  alarmResponseReport,
  type ExportFormat,
  haccpQuery,
  haccpReport,
  type ReportName,
  rackManuallyOnQuery,
  rackManuallyOnReport,
  reportLocation,
  reportLocationsQuery,
  uriPurchaseOrdersQuery,
  uriPurchaseOrdersReport,
} from '@rcm/shared/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import type { AuthContext } from '../auth/service.ts';
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
async function sendExport(
  reply: FastifyReply,
  name: string,
  q: { from: string; to: string },
  format: ExportFormat,
  table: Table,
  generatedAt: Date,
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
  return reply.type('application/pdf').send(await toPdf(table, { locale: request.locale, timeZone, generatedAt }));
}

type ReportQuery = { from: string; to: string; format?: ExportFormat | undefined };

/**
 * GET /api/reports/{name}: the report's JSON, or with `?format=csv|pdf` its whole table as a file
 * (`sendExport`). Exports are binary: the 200 schema applies to JSON answers only.
 */
export function reportRoute<Q extends z.ZodType<ReportQuery>>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  name: ReportName,
  querystring: Q,
  report: z.ZodType,
  answer: {
    json: (ctx: AuthContext, q: z.output<Q>) => Promise<unknown>;
    table: (ctx: AuthContext, q: z.output<Q>, locale: Locale, format: ExportFormat) => Promise<Table>;
    /** The clock the export's "generated at" is read from. */
    now: () => Date;
  },
) {
  app.get(
    `/reports/${name}`,
    { config: needs('reports_view'), schema: { querystring, response: { 200: report as never } } },
    async (request, reply) => {
      const ctx = requireAuth(request);
      // Validated by `querystring`; the type provider cannot name its output for a generic schema.
      const q = request.query as z.output<Q>;
      if (q.format) {
        return sendExport(reply, name, q, q.format, await answer.table(ctx, q, request.locale, q.format), answer.now());
      }
      return answer.json(ctx, q);
    },
  );
}

/** GET /api/reports/locations and the reports of this feature. */
export function reportRoutes(deps: { db: Db; now: () => Date }): FastifyPluginAsyncZod {
  const reports = createReportsService({ repo: createReportsRepo(deps.db), now: deps.now });

  return async (app) => {
    app.get(
      '/reports/locations',
      {
        config: needs('reports_view'),
        schema: { querystring: reportLocationsQuery, response: { 200: pagedList(reportLocation) } },
      },
      async (request) => pageOf(await reports.locations(requireAuth(request)), request.query),
    );

    reportRoute(app, 'uri_purchase_orders', uriPurchaseOrdersQuery, uriPurchaseOrdersReport, {
      json: (ctx, q) => reports.uriPurchaseOrders(ctx, q),
      table: (ctx, q, locale) => reports.uriPurchaseOrdersTable(ctx, q, locale),
      now: deps.now,
    });
    reportRoute(app, 'rack_manually_on', rackManuallyOnQuery, rackManuallyOnReport, {
      json: (ctx, q) => reports.rackManuallyOn(ctx, q),
      table: (ctx, q, locale) => reports.rackManuallyOnTable(ctx, q, locale),
      now: deps.now,
    });
    reportRoute(app, 'haccp', haccpQuery, haccpReport, {
      json: (ctx, q) => reports.haccp(ctx, q),
      table: (ctx, q, locale, format) => reports.haccpTable(ctx, q, locale, format),
      now: deps.now,
    });
    reportRoute(app, 'alarm_response', alarmResponseQuery, alarmResponseReport, {
      json: (ctx, q) => reports.alarmResponse(ctx, q),
      table: (ctx, q, locale) => reports.alarmResponseTable(ctx, q, locale),
      now: deps.now,
    });
  };
}
