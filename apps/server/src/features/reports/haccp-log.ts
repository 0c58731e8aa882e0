import type {
  HaccpCorrectiveActionBody,
  HaccpEntriesQuery,
  HaccpEntry,
  HaccpExcursion,
  HaccpExcursionSummary,
  HaccpExcursionsQuery,
  HaccpSignatureCheck,
  HaccpSignOffBody,
} from '@rcm/shared/haccp';
import { pageMeta } from '@rcm/shared/pagination';
import type { Tx } from '../../db/client.ts';
import type { haccpEntries } from '../../db/schema-haccp.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { type ExcursionRow, excursionKey, type HaccpLogRepo } from './haccp-log-repo.ts';
import { recordHash, verifySignature } from './haccp-signature.ts';

/**
 * Spends the signer's re-authentication proof (`POST /api/auth/reauth {…, purpose: "signature"}`) in
 * the signature's transaction: the method it was proved with; 401 `reauth_required` otherwise.
 */
export type SpendSignatureProof = (ctx: AuthContext, reauthToken: string | undefined, tx: Tx) => Promise<string>;

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

/** An entry is never changed or removed once recorded: corrections are new entries (409 `entry_signed`). */
export const entrySigned = () => new AppError(409, 'entry_signed');

/** Today at a location, `YYYY-MM-DD`. */
function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The HACCP log beyond its hourly highs: the excursions with their corrective actions, actions
 * recorded on the log, and the responsible person's sign-off. Reading needs `reports_view`;
 * recording an action `alarms_acknowledge` or `haccp_sign`; signing `haccp_sign`.
 */
export function createHaccpLog(
  deps: ChangeDeps & {
    repo: HaccpLogRepo;
    spendSignatureProof: SpendSignatureProof;
  },
) {
  const { db, repo, audit, now } = deps;
  const readScope = (ctx: AuthContext): TenantScope => requireScope(ctx, 'reports', 'report.view');

  /** Each excursion with its corrective actions (log entries and the case's alarm notes). */
  async function withActions(scope: TenantScope, rows: ExcursionRow[]): Promise<HaccpExcursion[]> {
    const actions = await repo.actions(scope, rows);
    return rows.map((e) => ({
      location_id: e.location_id,
      location_name: e.location_name,
      timezone: e.timezone,
      controller_id: e.controller_id,
      controller_name: e.controller_name,
      point: e.point,
      point_name: e.point_name,
      rack_ref: e.rack_ref,
      rack_name: e.rack_name,
      unit: e.unit,
      limit: e.limit,
      start: e.start,
      end: e.end,
      hours: e.hours,
      peak: e.peak,
      actions: actions.get(excursionKey(e.controller_id, e.point, e.start)) ?? [],
    }));
  }

  /** A correction's target: an entry of the same kind and place in scope, not corrected yet (locked). */
  async function correctionTarget(
    scope: TenantScope,
    id: number,
    tx: Tx,
    same: (e: HaccpEntry) => boolean,
  ): Promise<HaccpEntry> {
    const target = await repo.entry(scope, id, tx, true);
    if (!target || !same(target) || target.corrected_by_id !== null) {
      throw fieldError('corrects_id', 'haccp_correction_invalid');
    }
    return target;
  }

  type NewEntry = Omit<
    typeof haccpEntries.$inferInsert,
    'organizationId' | 'locationId' | 'authorId' | 'authorName' | 'correctsId'
  >;

  /**
   * Writes a signed entry of the caller at a location, with its audit entry, in one transaction: `make`
   * gives the entry and what the audit entry records (in the transaction: a signature spends its
   * proof there); a correction then locks its target (`same`: of the same kind and place, not
   * corrected yet).
   */
  async function recordEntry(
    ctx: AuthContext,
    scope: TenantScope,
    location: { organizationId: number },
    body: { location_id: number; corrects_id?: number | undefined },
    make: (tx: Tx) => Promise<{ entry: NewEntry; after: Record<string, unknown> }>,
    same: (e: HaccpEntry) => boolean,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const { entry, after } = await make(tx);
      if (body.corrects_id !== undefined) await correctionTarget(scope, body.corrects_id, tx, same);
      const id = await repo.insert(tx, {
        ...entry,
        organizationId: location.organizationId,
        locationId: body.location_id,
        authorId: ctx.user.id,
        authorName: ctx.user.name,
        correctsId: body.corrects_id ?? null,
      });
      await audit.recordBy(
        auditActor(ctx),
        {
          organizationId: location.organizationId,
          action: 'haccp_entry.create',
          subjectType: 'haccp_entry',
          subjectId: id,
          after,
        },
        tx,
      );
      return id;
    });
  }

  /** Every excursion of a range and how many have no corrective action (the list's summary, a sign-off's record). */
  async function summaryOf(scope: TenantScope, q: Omit<HaccpExcursionsQuery, 'page' | 'per_page'>) {
    const all = await withActions(scope, await repo.excursions(scope, q));
    const summary: HaccpExcursionSummary = {
      excursions: all.length,
      without_action: all.filter((e) => e.actions.length === 0).length,
    };
    return { all, summary };
  }

  return {
    /** A page of the range's excursions with their actions, and the summary of all of them. */
    async excursions(ctx: AuthContext, q: HaccpExcursionsQuery) {
      const { all, summary } = await summaryOf(readScope(ctx), q);
      const offset = (q.page - 1) * q.per_page;
      return {
        data: all.slice(offset, offset + q.per_page),
        meta: pageMeta(q.page, q.per_page, all.length),
        summary,
      };
    },

    /** Every excursion of the range with its actions (the PDF). */
    async allExcursions(ctx: AuthContext, q: Omit<HaccpExcursionsQuery, 'page' | 'per_page'>) {
      const scope = readScope(ctx);
      return withActions(scope, await repo.excursions(scope, q));
    },

    async entries(ctx: AuthContext, q: HaccpEntriesQuery) {
      const { rows, total } = await repo.entries(readScope(ctx), q, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
    },

    /** Every entry touching the range (the PDF). */
    async allEntries(ctx: AuthContext, q: Omit<HaccpEntriesQuery, 'page' | 'per_page'>) {
      return (await repo.entries(readScope(ctx), q, null)).rows;
    },

    async entry(ctx: AuthContext, id: number): Promise<HaccpEntry> {
      const e = await repo.entry(readScope(ctx), id);
      if (!e) throw new AppError(404, 'not_found');
      return e;
    },

    async addCorrectiveAction(ctx: AuthContext, body: HaccpCorrectiveActionBody): Promise<HaccpEntry> {
      const scope = readScope(ctx);
      if (!can(ctx, 'haccp.correctiveAction')) throw new AppError(403, 'forbidden');
      const location = await repo.location(scope, body.location_id);
      if (!location) throw new AppError(404, 'not_found');
      const start = new Date(body.excursion_start);
      const at = now();
      const takenAt = body.taken_at ? new Date(body.taken_at) : at;
      if (takenAt.getTime() > at.getTime() + 5 * 60_000) throw fieldError('taken_at', 'date_in_future');
      if (!(await repo.excursionAt(scope, { ...body, start }))) throw fieldError('excursion_start', 'not_an_excursion');
      const id = await recordEntry(
        ctx,
        scope,
        location,
        body,
        async () => ({
          entry: {
            kind: 'corrective_action',
            controllerId: body.controller_id,
            point: body.point,
            excursionStart: start,
            text: body.text,
            takenAt,
          },
          after: { kind: 'corrective_action', ...body, taken_at: takenAt.toISOString() },
        }),
        (e) =>
          e.kind === 'corrective_action' &&
          e.location_id === body.location_id &&
          e.controller_id === body.controller_id &&
          e.point === body.point &&
          e.excursion_start === start.toISOString(),
      );
      return this.entry(ctx, id);
    },

    async signOff(ctx: AuthContext, body: HaccpSignOffBody): Promise<HaccpEntry> {
      const scope = requireScope(ctx, 'reports', 'report.view', 'haccp.signOff');
      if (!can(ctx, 'haccp.signOff')) throw new AppError(403, 'forbidden');
      const location = await repo.location(scope, body.location_id);
      if (!location) throw new AppError(404, 'not_found');
      const at = now();
      if (body.to > localDay(at, location.timezone)) throw fieldError('to', 'date_in_future');
      // What the signer signed over: the period's excursions and those still without a corrective action.
      const { summary } = await summaryOf(scope, { from: body.from, to: body.to, location_id: body.location_id });
      const { reauth_token: reauthToken, ...signed } = body;
      const text = body.text ?? '';
      const id = await recordEntry(
        ctx,
        scope,
        location,
        body,
        async (tx) => {
          const method = await deps.spendSignatureProof(ctx, reauthToken, tx);
          const facts = {
            signer: { id: ctx.user.id, name: ctx.user.name, role: ctx.user.roleName },
            signed_at: at.toISOString(),
            time_zone: location.timezone,
            meaning: body.meaning,
            method,
          };
          const record = {
            kind: 'sign_off' as const,
            organization_id: location.organizationId,
            location_id: body.location_id,
            from: body.from,
            to: body.to,
            text,
            excursions: summary.excursions,
            excursions_without_action: summary.without_action,
            corrects_id: body.corrects_id ?? null,
          };
          const signature = { ...facts, record_hash: recordHash(record, facts) };
          return {
            entry: {
              kind: 'sign_off',
              periodFrom: body.from,
              periodTo: body.to,
              text,
              takenAt: at,
              excursions: summary.excursions,
              excursionsWithoutAction: summary.without_action,
              signature,
            },
            after: {
              kind: 'sign_off',
              ...signed,
              excursions: summary.excursions,
              excursions_without_action: summary.without_action,
              signature,
            },
          };
        },
        (e) => e.kind === 'sign_off' && e.location_id === body.location_id,
      );
      return this.entry(ctx, id);
    },

    /** A sign-off's signature checked against the entry as stored now; 404 outside the scope or without a signature. */
    async verify(ctx: AuthContext, id: number): Promise<HaccpSignatureCheck> {
      const e = await this.entry(ctx, id);
      if (!e.signature) throw new AppError(404, 'not_found');
      return verifySignature(e, e.signature);
    },

    /** Changing or removing an entry: 404 outside the caller's scope, else 409 (signed entries never change). */
    async refuseChange(ctx: AuthContext, id: number): Promise<never> {
      await this.entry(ctx, id);
      throw entrySigned();
    },
  };
}

export type HaccpLog = ReturnType<typeof createHaccpLog>;
