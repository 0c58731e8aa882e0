import type { WebhookEvent, WebhookKind } from '@rcm/shared/webhooks';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';
import {
  type WebhookDeliveryStatus,
  type webhookAttempts,
  webhookDeliveries,
  webhooks,
} from '../../db/schema-webhooks.ts';
import { containsPattern, query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

export type WebhookRow = typeof webhooks.$inferSelect & {
  organizationName: string | null;
  lastStatus: WebhookDeliveryStatus | null;
  lastAt: Date | null;
};

/**
 * An organization's webhooks are seen by its settings people; the service company's (no
 * organization: every organization's alarms) only by those who see every organization.
 */
const visible = (scope: TenantScope) => scopeSql(scope, { org: webhooks.organizationId });

const lastDelivery = sql<
  string | null
>`(select d.status from webhook_deliveries d where d.webhook_id = ${webhooks.id} order by d.id desc limit 1)`;
const lastDeliveryAt = sql<Date | null>`(select d.created_at from webhook_deliveries d where d.webhook_id = ${webhooks.id} order by d.id desc limit 1)`;

const columns = {
  id: webhooks.id,
  organizationId: webhooks.organizationId,
  name: webhooks.name,
  url: webhooks.url,
  kind: webhooks.kind,
  events: webhooks.events,
  secret: webhooks.secret,
  enabled: webhooks.enabled,
  locale: webhooks.locale,
  createdBy: webhooks.createdBy,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
  organizationName: organizations.name,
  lastStatus: lastDelivery.mapWith((v: string | null) => v as WebhookDeliveryStatus | null),
  lastAt: lastDeliveryAt.mapWith((v: unknown) => (v == null ? null : new Date(v as string))),
};

export type NewWebhook = {
  organizationId: number | null;
  name: string;
  url: string;
  kind: WebhookKind;
  events: WebhookEvent[];
  secret: string;
  enabled: boolean;
  locale: string;
  createdBy: number;
  at: Date;
};

export type DeliveryRow = {
  id: number;
  message_id: string;
  event: WebhookEvent | 'webhook.test';
  alarm_ref: number | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_at: unknown;
  next_attempt_at: unknown;
};

export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** Webhooks and their deliveries; reads for a caller take their scope. */
export function createWebhooksRepo(db: DbOrTx) {
  const select = () =>
    db.select(columns).from(webhooks).leftJoin(organizations, eq(organizations.id, webhooks.organizationId));
  return {
    async page(scope: TenantScope, q: { q?: string | undefined; page: number; per_page: number }) {
      const where = and(visible(scope), q.q ? ilike(webhooks.name, containsPattern(q.q)) : undefined);
      const [total] = await db.select({ n: count() }).from(webhooks).where(where);
      const rows = await select()
        .where(where)
        .orderBy(asc(webhooks.name), asc(webhooks.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows: rows as WebhookRow[], total: total?.n ?? 0 };
    },

    async find(scope: TenantScope, id: number): Promise<WebhookRow | undefined> {
      const [row] = await select().where(and(eq(webhooks.id, id), visible(scope)));
      return row as WebhookRow | undefined;
    },

    async insert(w: NewWebhook): Promise<number> {
      const [row] = await db
        .insert(webhooks)
        .values({
          organizationId: w.organizationId,
          name: w.name,
          url: w.url,
          kind: w.kind,
          events: w.events,
          secret: w.secret,
          enabled: w.enabled,
          locale: w.locale,
          createdBy: w.createdBy,
          createdAt: w.at,
          updatedAt: w.at,
        })
        .returning({ id: webhooks.id });
      if (!row) throw new Error('webhook insert returned nothing');
      return row.id;
    },

    async update(
      id: number,
      patch: Partial<Pick<NewWebhook, 'organizationId' | 'name' | 'url' | 'kind' | 'events' | 'enabled' | 'locale'>>,
      at: Date,
    ): Promise<void> {
      await db
        .update(webhooks)
        .set({ ...patch, updatedAt: at })
        .where(eq(webhooks.id, id));
    },

    /** Deletes the webhook with its deliveries and their attempts (the audit log keeps that it existed). */
    async remove(id: number): Promise<void> {
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },

    async organizationExists(id: number): Promise<boolean> {
      const rows = await query(db, sql`select 1 from organizations where id = ${id} and archived_at is null`);
      return rows.length > 0;
    },

    /** A page of a webhook's deliveries, newest first, with every attempt. */
    async deliveries(webhookId: number, q: { page: number; per_page: number }) {
      const [total] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId));
      const rows = await query<DeliveryRow>(
        db,
        sql`select d.id, d.message_id, d.event, a.ref as alarm_ref, d.status, d.attempts, d.created_at, d.next_attempt_at
            from webhook_deliveries d left join alarms a on a.id = d.alarm_id
            where d.webhook_id = ${webhookId}
            order by d.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { rows, attempts: await this.attemptsOf(rows.map((r) => Number(r.id))), total: total?.n ?? 0 };
    },

    async delivery(id: number) {
      const rows = await query<DeliveryRow>(
        db,
        sql`select d.id, d.message_id, d.event, a.ref as alarm_ref, d.status, d.attempts, d.created_at, d.next_attempt_at
            from webhook_deliveries d left join alarms a on a.id = d.alarm_id where d.id = ${id}`,
      );
      const row = rows[0];
      return row ? { row, attempts: await this.attemptsOf([Number(row.id)]) } : null;
    },

    async attemptsOf(ids: number[]): Promise<AttemptRow[]> {
      if (ids.length === 0) return [];
      return query<AttemptRow>(
        db,
        sql`select id, delivery_id as "deliveryId", attempt, at, status_code as "statusCode",
              error_code as "errorCode", error, duration_ms as "durationMs"
            from webhook_attempts where delivery_id = any(${`{${ids.join(',')}}`}::int[]) order by attempt desc`,
      );
    },
  };
}
