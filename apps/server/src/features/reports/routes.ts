import { alarmManagementQuery, alarmManagementReport } from '@rcm/shared/alarm-management';
import { casePerformanceQuery, casePerformanceReport } from '@rcm/shared/case-performance';
import {
  haccpCorrectiveActionBody,
  haccpEntriesQuery,
  haccpEntry,
  haccpEntryList,
  haccpEntryParams,
  haccpExcursionList,
  haccpExcursionsQuery,
  haccpSignatureCheck,
  haccpSignOffBody,
} from '@rcm/shared/haccp';
import { type Locale, normalizeLocale } from '@rcm/shared/locale';
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ChangeDeps } from '../audit/repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { createAlarmManagementReport } from './alarm-management.ts';
import { createAlarmManagementRepo } from './alarm-management-repo.ts';
import { createCasePerformanceReport } from './case-performance.ts';
import { createCasePerformanceRepo } from './case-performance-repo.ts';
import { type Table, toCsv } from './export.ts';
import { createHaccpLog, type SpendSignatureProof } from './haccp-log.ts';
import { createHaccpLogRepo } from './haccp-log-repo.ts';
import { toPdf } from './pdf.ts';
import { createReportsRepo, type ReportsRepo } from './repo.ts';
import { createReportsService } from './service.ts';

/**
 * The language of a document (CSV headers, PDF): the request's explicit `lang`, else the reader's
 * stored language (their account's), whatever language the browser's screens are in.
 */
export function documentLocale(ctx: AuthContext, explicit: Locale | undefined): Locale {
  return explicit ?? normalizeLocale(ctx.user.language);
}

/**
 * The one time-zone rule of documents: a report over places that share a zone (one location's
 * report) is in that zone; one over several zones is in the reader's (their stored preference, else
 * their organization's), named under the title, and each row's time carries its own zone's name
 * where it differs. UTC only when there is nothing to go by.
 */
export async function documentZone(
  repo: ReportsRepo,
  ctx: AuthContext,
  table: Table,
  q: { location_id?: number | undefined },
): Promise<string> {
  if (table.timeZone) return table.timeZone;
  // A report of one location whose table does not say its zone: the location's (in the caller's scope).
  if (q.location_id !== undefined) {
    const [zone] = (await repo.zones(requireScope(ctx, 'reports'), { location_id: q.location_id })).values();
    if (zone) return zone;
  }
  return (await repo.readerZone(ctx.user)) ?? 'UTC';
}

/**
 * Sends a report as a CSV (whole, with its length, so the client can show progress) or a streamed PDF,
 * in the document's language and time zone (`documentLocale`, `documentZone`).
 */
async function sendExport(
  reply: FastifyReply,
  name: string,
  q: { from: string; to: string },
  format: ExportFormat,
  table: Table,
  doc: { locale: Locale; timeZone: string; generatedAt: Date },
) {
  const file = `${name}_${q.from}_${q.to}.${format}`;
  reply.header('content-disposition', `attachment; filename="${file}"`);
  reply.header('cache-control', 'no-store');
  reply.header('content-language', doc.locale);
  if (format === 'csv') {
    const body = toCsv(table, doc.timeZone);
    reply.header('content-length', body.length);
    return reply.type('text/csv; charset=utf-8').send(body);
  }
  return reply.type('application/pdf').send(await toPdf(table, doc));
}

type ReportQuery = {
  from: string;
  to: string;
  location_id?: number | undefined;
  format?: ExportFormat | undefined;
  lang?: Locale | undefined;
};

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
    /** Where the reader's stored time zone is read (`documentZone`). */
    db: Db;
  },
) {
  const zones = createReportsRepo(answer.db);
  app.get(
    `/reports/${name}`,
    { config: needs('report.view'), schema: { querystring, response: { 200: report as never } } },
    async (request, reply) => {
      const ctx = requireAuth(request);
      // Validated by `querystring`; the type provider cannot name its output for a generic schema.
      const q = request.query as z.output<Q>;
      if (q.format) {
        const locale = documentLocale(ctx, q.lang);
        const table = await answer.table(ctx, q, locale, q.format);
        const timeZone = await documentZone(zones, ctx, table, q);
        return sendExport(reply, name, q, q.format, table, { locale, timeZone, generatedAt: answer.now() });
      }
      return answer.json(ctx, q);
    },
  );
}

/** GET /api/reports/locations, the reports of this feature and the HACCP log's entries. */
export function reportRoutes(deps: ChangeDeps & { spendSignatureProof: SpendSignatureProof }): FastifyPluginAsyncZod {
  const log = createHaccpLog({ ...deps, repo: createHaccpLogRepo(deps.db) });
  const reports = createReportsService({ repo: createReportsRepo(deps.db), log, now: deps.now });
  const alarmManagement = createAlarmManagementReport({ repo: createAlarmManagementRepo(deps.db), now: deps.now });
  const casePerformance = createCasePerformanceReport({ repo: createCasePerformanceRepo(deps.db), now: deps.now });
  /** Every report's export reads its clock and the reader's time zone from the same place. */
  const exportsRead = { now: deps.now, db: deps.db };

  return async (app) => {
    app.get(
      '/reports/locations',
      {
        config: needs('report.view'),
        schema: { querystring: reportLocationsQuery, response: { 200: pagedList(reportLocation) } },
      },
      async (request) => pageOf(await reports.locations(requireAuth(request)), request.query),
    );

    reportRoute(app, 'uri_purchase_orders', uriPurchaseOrdersQuery, uriPurchaseOrdersReport, {
      json: (ctx, q) => reports.uriPurchaseOrders(ctx, q),
      table: (ctx, q, locale) => reports.uriPurchaseOrdersTable(ctx, q, locale),
      ...exportsRead,
    });
    reportRoute(app, 'rack_manually_on', rackManuallyOnQuery, rackManuallyOnReport, {
      json: (ctx, q) => reports.rackManuallyOn(ctx, q),
      table: (ctx, q, locale) => reports.rackManuallyOnTable(ctx, q, locale),
      ...exportsRead,
    });
    app.get(
      '/reports/haccp/excursions',
      {
        config: needs('report.view'),
        schema: { querystring: haccpExcursionsQuery, response: { 200: haccpExcursionList } },
      },
      async (request) => log.excursions(requireAuth(request), request.query),
    );
    app.get(
      '/reports/haccp/entries',
      { config: needs('report.view'), schema: { querystring: haccpEntriesQuery, response: { 200: haccpEntryList } } },
      async (request) => log.entries(requireAuth(request), request.query),
    );
    app.get(
      '/reports/haccp/entries/:id',
      {
        config: needs('report.view'),
        schema: { params: haccpEntryParams, response: { 200: z.object({ data: haccpEntry }) } },
      },
      async (request) => ({ data: await log.entry(requireAuth(request), request.params.id) }),
    );
    app.post(
      '/reports/haccp/corrective-actions',
      {
        config: needs('haccp.correctiveAction'),
        schema: { body: haccpCorrectiveActionBody, response: { 201: z.object({ data: haccpEntry }) } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await log.addCorrectiveAction(requireAuth(request), request.body) }),
    );
    app.post(
      '/reports/haccp/sign-offs',
      {
        config: { ...needs('haccp.signOff'), personOnly: 'signature' },
        schema: { body: haccpSignOffBody, response: { 201: z.object({ data: haccpEntry }) } },
      },
      async (request, reply) => reply.code(201).send({ data: await log.signOff(requireAuth(request), request.body) }),
    );
    app.get(
      '/reports/haccp/sign-offs/:id/verify',
      {
        config: needs('report.view'),
        schema: { params: haccpEntryParams, response: { 200: z.object({ data: haccpSignatureCheck }) } },
      },
      async (request) => ({ data: await log.verify(requireAuth(request), request.params.id) }),
    );
    // Signed entries never change: both answer 409 `entry_signed` (404 outside the caller's scope).
    for (const method of ['PATCH', 'DELETE'] as const) {
      app.route({
        method,
        url: '/reports/haccp/entries/:id',
        config: needs('report.view'),
        schema: { params: haccpEntryParams },
        handler: async (request) => log.refuseChange(requireAuth(request), request.params.id),
      });
    }

    reportRoute(app, 'haccp', haccpQuery, haccpReport, {
      json: (ctx, q) => reports.haccp(ctx, q),
      table: (ctx, q, locale, format) => reports.haccpTable(ctx, q, locale, format),
      ...exportsRead,
    });
    reportRoute(app, 'alarm_response', alarmResponseQuery, alarmResponseReport, {
      json: (ctx, q) => reports.alarmResponse(ctx, q),
      table: (ctx, q, locale) => reports.alarmResponseTable(ctx, q, locale),
      ...exportsRead,
    });
    reportRoute(app, 'alarm_management', alarmManagementQuery, alarmManagementReport, {
      json: async (ctx, q) => ({ data: await alarmManagement.json(ctx, q) }),
      table: alarmManagement.table,
      ...exportsRead,
    });
    reportRoute(app, 'case_performance', casePerformanceQuery, casePerformanceReport, {
      json: async (ctx, q) => ({ data: await casePerformance.json(ctx, q) }),
      table: casePerformance.table,
      ...exportsRead,
    });
  };
}
