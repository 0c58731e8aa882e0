import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { alarmPages, type PageChannel } from '../../db/schema-oncall.ts';
import { arr, query } from '../../lib/sql.ts';
import { mayViewSql } from '../auth/scope.ts';
import type { Recipient } from '../channels/recipient.ts';
import { DEFAULT_TIME_ZONE } from '../channels/recipient.ts';

/** The paging chain's statements, each run in the caller's transaction (the outbox's or a paging pass's). */
export function createPagingRepo() {
  const repo = {
    /** Starts (or restarts) an alarm's chain with a policy: its first step is due at `due`. */
    async startChain(alarmId: number, policyId: number, due: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`insert into alarm_escalations (alarm_id, policy_id, next_step, cycle, next_at)
        values (${alarmId}, ${policyId}, 0, 0, ${due.toISOString()}::timestamptz)
        on conflict (alarm_id) do update set policy_id = excluded.policy_id, next_step = 0, cycle = 0,
          next_at = excluded.next_at`);
    },

    /** Stops an alarm's chain (nothing more is due). */
    async stopChain(alarmId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_escalations set next_at = null where alarm_id = ${alarmId}`);
    },

    /** A flood started at the location: the other open alarms' chains there end (the flood's alarm pages for all). */
    async stopLocationChains(locationId: number, keepAlarmId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_escalations e set next_at = null from alarms a
        where a.id = e.alarm_id and a.location_id = ${locationId} and a.id <> ${keepAlarmId} and e.next_at is not null`);
    },

    /** Whether the alarm has a chain that has not ended. */
    async chainRunning(alarmId: number, tx: DbOrTx): Promise<boolean> {
      const [row] = await query<{ n: number }>(
        tx,
        sql`select count(*)::int as n from alarm_escalations where alarm_id = ${alarmId} and next_at is not null`,
      );
      return (row?.n ?? 0) > 0;
    },

    /** Holds a running chain's next step until `until` (the alarm is shelved). */
    async postponeChain(alarmId: number, until: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_escalations set next_at = ${until.toISOString()}::timestamptz
        where alarm_id = ${alarmId} and next_at is not null`);
    },

    /** A pause ends at `at`: a step held past its time is due then, a later one stays when it was. */
    async resumeChain(alarmId: number, at: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_escalations set next_at = least(next_at, ${at.toISOString()}::timestamptz)
        where alarm_id = ${alarmId} and next_at is not null`);
    },

    /** The chain step due first by `now`, locked for the caller's transaction (skipping those other instances hold). */
    async lockNextDueStep(now: Date, tx: DbOrTx) {
      const [due] = await query<{
        alarm_id: number;
        policy_id: number | null;
        next_step: number;
        cycle: number;
        next_at: unknown;
      }>(
        tx,
        sql`select alarm_id, policy_id, next_step, cycle, next_at from alarm_escalations
            where next_at <= ${now.toISOString()}::timestamptz
            order by next_at limit 1 for update skip locked`,
      );
      return due;
    },

    /** Records a paged step and what is due next (null: the chain is over). */
    async advanceChain(
      alarmId: number,
      r: { at: Date; next: { step: number; cycle: number; at: Date } | null },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.execute(sql`update alarm_escalations set last_notified_at = ${r.at.toISOString()}::timestamptz,
        next_step = ${r.next?.step ?? 0}, cycle = ${r.next?.cycle ?? 0},
        next_at = ${r.next ? r.next.at.toISOString() : null}::timestamptz where alarm_id = ${alarmId}`);
    },

    /** The policy an alarm pages by: its location's, else its type's, else the default one (or null). */
    async policyFor(
      alarm: { location_id: number | null; alarm_type_id: number },
      withDefault: boolean,
      tx: DbOrTx,
    ): Promise<number | null> {
      const [row] = await query<{ id: number | null }>(
        tx,
        sql`select coalesce(
              (select escalation_policy_id from locations where id = ${alarm.location_id}),
              (select escalation_policy_id from alarm_types where id = ${alarm.alarm_type_id}),
              case when ${withDefault} then (select id from escalation_policies where is_default) end) as id`,
      );
      return row?.id == null ? null : Number(row.id);
    },

    /**
     * The people a step reaches who may see the alarm (`mayViewSql`): the named users, the teams' members,
     * with `members` the alarm's organization's people of its location, with `everyone` all who may see it.
     */
    async pageAudience(
      alarm: { organizationId: number; locationId: number | null },
      targets: { userIds: number[]; teamIds: number[]; members: boolean; everyone?: boolean },
      tx: DbOrTx,
    ): Promise<Recipient[]> {
      const rows = await query<{ id: number; email: string; language: string; time_zone: string }>(
        tx,
        sql`select u.id, u.email, u.language, coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone
            from users u
            join roles r on r.id = u.role_id
            left join notification_preferences p on p.user_id = u.id
            where ${mayViewSql('alarms', { user: sql`u`, role: sql`r` }, { org: sql`${alarm.organizationId}`, loc: sql`${alarm.locationId}` })}
              and (u.id = any(${arr(targets.userIds)}::int[]) or u.team_id = any(${arr(targets.teamIds)}::int[])
                or (${targets.members} and u.organization_id = ${alarm.organizationId})
                or (${targets.everyone ?? false}))
            order by u.id`,
      );
      return rows.map((r) => ({
        userId: Number(r.id),
        email: r.email,
        locale: normalizeLocale(r.language),
        timeZone: r.time_zone,
      }));
    },

    /** The alarm's first notification email to this user, when one was queued (a first page goes with it). */
    async firstAlarmEmail(alarmId: number, userId: number, tx: DbOrTx): Promise<number | null> {
      const [row] = await query<{ id: number }>(
        tx,
        sql`select id from email_messages where alarm_id = ${alarmId} and user_id = ${userId} and kind = 'alarm'
            order by id limit 1`,
      );
      return row ? Number(row.id) : null;
    },

    async insertPage(
      page: {
        alarmId: number;
        step: number;
        cycle: number;
        userId: number;
        channel: PageChannel;
        at: Date;
        emailId: number | null;
        /** A delivery the channels' worker sends at this time (SMS, call, a delayed email). */
        nextAttemptAt?: Date | null;
        contactMethodId?: number | null;
        /** The policy reached nobody who may see the alarm: this page went to its default audience. */
        fallback?: boolean;
      },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.insert(alarmPages).values(page);
    },

    /**
     * The person who acknowledged an alarm acknowledged their pages of it. Deliveries whose time had not
     * come (a rule's later SMS, call or email, never tried) are no pages: they go.
     */
    async markPagesAcknowledged(alarmId: number, userId: number, tx: DbOrTx): Promise<number> {
      const dropped = await repo.dropUnsentDeliveries(alarmId, tx);
      const rows = await query<{ id: number }>(
        tx,
        sql`update alarm_pages set status = 'acknowledged'
            where alarm_id = ${alarmId} and user_id = ${userId} and status <> 'acknowledged' returning id`,
      );
      return rows.length + dropped;
    },

    /** Removes the alarm's deliveries that were never tried (the alarm was acknowledged or cleared first). */
    async dropUnsentDeliveries(alarmId: number, tx: DbOrTx): Promise<number> {
      const rows = await query<{ id: number }>(
        tx,
        sql`delete from alarm_pages where alarm_id = ${alarmId} and status = 'queued' and attempts = 0
              and next_attempt_at is not null returning id`,
      );
      return rows.length;
    },
  };
  return repo;
}

export type PagingRepo = ReturnType<typeof createPagingRepo>;
