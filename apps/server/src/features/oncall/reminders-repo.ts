import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { PageChannel } from '../../db/schema-oncall.ts';
import { query } from '../../lib/sql.ts';

export type ReminderPerson = { id: number; name: string; email: string; language: string };

/** Shift-start reminders' statements, each run in the reminders task's transaction. */
export function createRemindersRepo() {
  return {
    /** Every schedule's id (reminders look at all of them). */
    async allScheduleIds(tx: DbOrTx): Promise<number[]> {
      return (await query<{ id: number }>(tx, sql`select id from oncall_schedules order by id`)).map((r) =>
        Number(r.id),
      );
    },
    /** The people who may be reminded: neither disabled nor deleted. */
    async remindablePeople(ids: number[], tx: DbOrTx): Promise<Map<number, ReminderPerson>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.disabled, false), isNull(users.deletedAt)));
      return new Map(rows.map((p) => [p.id, p]));
    },
    /** Takes the reminder of one shift start; null when it was taken before (sent already). */
    async claimReminder(
      r: { scheduleId: number; userId: number; startsAt: Date; at: Date },
      tx: DbOrTx,
    ): Promise<number | null> {
      const [row] = await query<{ id: number }>(
        tx,
        sql`insert into oncall_reminders (schedule_id, user_id, starts_at, channel, sent_at)
            values (${r.scheduleId}, ${r.userId}, ${r.startsAt}, 'email', ${r.at})
            on conflict (schedule_id, user_id, starts_at) do nothing returning id`,
      );
      return row ? Number(row.id) : null;
    },
    async recordReminder(
      id: number,
      sent: { channel: PageChannel; emailId: number | null },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.execute(
        sql`update oncall_reminders set channel = ${sent.channel}, email_id = ${sent.emailId} where id = ${id}`,
      );
    },
    /** Forgets reminders of shifts that started before `before`. */
    async pruneReminders(before: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`delete from oncall_reminders where starts_at < ${before}`);
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
