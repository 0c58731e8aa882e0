import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export function createMailSettingsRepo(db: Db) {
  return {
    /** What the outbox says about delivery: the newest message a server accepted, the newest given up. */
    async deliveryFacts() {
      const [sent] = await query<{ at: unknown }>(
        db,
        sql`select max(sent_at) as at from email_messages where status = 'sent'`,
      );
      const [failed] = await query<{ at: unknown; error: string | null }>(
        db,
        sql`select created_at as at, last_error as error from email_messages where status = 'failed'
          order by id desc limit 1`,
      );
      return {
        lastSentAt: iso(sent?.at),
        lastFailure: failed ? { at: iso(failed.at) as string, error: failed.error ?? '' } : null,
      };
    },
  };
}

export type MailSettingsRepo = ReturnType<typeof createMailSettingsRepo>;
