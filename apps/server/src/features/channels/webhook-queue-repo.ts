import type { WebhookAttemptError, WebhookEvent, WebhookKind } from '@rcm/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { dueQueued } from '../../db/due-rows.ts';
import { query } from '../../lib/sql.ts';

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  id: number;
  message_id: string;
  body: string;
  attempts: number;
  give_up_at: unknown;
  url: string;
  kind: WebhookKind;
  secret: string;
  enabled: boolean;
  webhook_id: number;
  organization_id: number | null;
};

const claimedColumns = sql`d.id, d.message_id, d.body, d.attempts, d.give_up_at, w.url, w.kind, w.secret, w.enabled,
  w.id as webhook_id, w.organization_id`;

export function createWebhookQueueRepo(db: Db) {
  return {
    /** The enabled webhooks that take `event` for an alarm of this organization (its own, or every organization's). */
    webhooksFor(event: WebhookEvent, organizationId: number, on: DbOrTx) {
      return query<{ id: number; kind: WebhookKind; locale: string }>(
        on,
        sql`select id, kind, locale from webhooks
          where enabled and events @> ${JSON.stringify([event])}::jsonb
            and (organization_id is null or organization_id = ${organizationId})`,
      );
    },
    async organizationRef(id: number, on: DbOrTx): Promise<{ id: number; name: string } | null> {
      const [row] = await query<{ id: number; name: string }>(
        on,
        sql`select id, name from organizations where id = ${id}`,
      );
      return row ? { id: Number(row.id), name: row.name } : null;
    },
    /** People's names, in name order (who acknowledged, who a step paged). */
    async userNames(ids: number[], on: DbOrTx): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await query<{ name: string }>(
        on,
        sql`select name from users where id = any(${`{${ids.join(',')}}`}::int[]) order by name`,
      );
      return rows.map((r) => r.name);
    },
    /** Queues a delivery (or, with `claimedUntil`, one already claimed by its caller for its first attempt). */
    async insertDelivery(
      r: {
        webhookId: number;
        event: string;
        alarmId: number | null;
        messageId: string;
        body: string;
        at: Date;
        giveUpAt: Date;
        claimedUntil?: Date;
      },
      on: DbOrTx,
    ): Promise<number> {
      const [row] = await query<{ id: number }>(
        on,
        sql`insert into webhook_deliveries (webhook_id, event, alarm_id, message_id, body, status, attempts, created_at,
            next_attempt_at, give_up_at)
          values (${r.webhookId}, ${r.event}, ${r.alarmId}, ${r.messageId}, ${r.body}, 'queued', ${r.claimedUntil ? 1 : 0},
            ${r.at.toISOString()}::timestamptz, ${(r.claimedUntil ?? r.at).toISOString()}::timestamptz,
            ${r.giveUpAt.toISOString()}::timestamptz)
          returning id`,
      );
      if (!row) throw new Error('webhook delivery insert returned nothing');
      return Number(row.id);
    },
    /**
     * Claims due deliveries with one UPDATE over rows picked `FOR UPDATE SKIP LOCKED` that also moves
     * their next attempt past a lease (the mechanism of the channels' pages and the email outbox):
     * racing instances never send one delivery twice, a worker that dies mid-send lets the lease expire.
     */
    claimDueDeliveries(now: Date, lease: Date, limit: number): Promise<ClaimedDelivery[]> {
      return query<ClaimedDelivery>(
        db,
        sql`${dueQueued('webhook_deliveries', now, limit)}
          update webhook_deliveries d set next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = d.attempts + 1
          from due, webhooks w where d.id = due.id and w.id = d.webhook_id
          returning ${claimedColumns}`,
      );
    },
    async claimedDelivery(id: number): Promise<ClaimedDelivery | null> {
      const [row] = await query<ClaimedDelivery>(
        db,
        sql`select ${claimedColumns} from webhook_deliveries d join webhooks w on w.id = d.webhook_id where d.id = ${id}`,
      );
      return row ?? null;
    },
    /** One attempt logged, and the delivery sent, queued again at `next`, or (next null) failed. */
    async recordAttempt(
      r: {
        deliveryId: number;
        attempt: number;
        at: Date;
        statusCode: number | null;
        errorCode: WebhookAttemptError | null;
        error: string | null;
        durationMs: number;
        next: Date | null;
      },
      on: DbOrTx,
    ): Promise<void> {
      await on.execute(sql`insert into webhook_attempts (delivery_id, attempt, at, status_code, error_code, error, duration_ms)
      values (${r.deliveryId}, ${r.attempt}, ${r.at.toISOString()}::timestamptz, ${r.statusCode}, ${r.errorCode}, ${r.error},
        ${r.durationMs})`);
      if (r.errorCode === null)
        await on.execute(sql`update webhook_deliveries set status = 'sent', sent_at = ${r.at.toISOString()}::timestamptz,
        next_attempt_at = null where id = ${r.deliveryId}`);
      else
        await on.execute(sql`update webhook_deliveries set status = ${r.next ? 'queued' : 'failed'},
        next_attempt_at = ${r.next ? r.next.toISOString() : null}::timestamptz where id = ${r.deliveryId}`);
    },
    /** Turns a webhook off (its receiver answered 410 Gone); false when it was already off. */
    async turnOffWebhook(id: number, at: Date, on: DbOrTx): Promise<boolean> {
      const rows = await query(
        on,
        sql`update webhooks set enabled = false, updated_at = ${at.toISOString()}::timestamptz
        where id = ${id} and enabled returning id`,
      );
      return rows.length > 0;
    },
  };
}

export type WebhookQueueRepo = ReturnType<typeof createWebhookQueueRepo>;
