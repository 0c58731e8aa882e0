import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ackLinks } from '../../db/schema-channels.ts';
import { query } from '../../lib/sql.ts';
import { roleHoldsSql } from '../auth/scope.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

/** How long a one-tap acknowledge link works. */
export const ACK_LINK_TTL_MS = 24 * 60 * 60_000;

/** The console's page of an acknowledge link (no sign-in needed). */
export const ackLinkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/a/${token}`;

export type AckLinkRow = { id: number; alarm_id: number; user_id: number; expires_at: unknown; used_at: unknown };

export function createAckLinksRepo(db: Db) {
  const repo = {
    /**
     * A new acknowledge link for this person and alarm, in the caller's transaction (the email, SMS or
     * push that carries it is queued in the same one). Returns the token; only its hash is stored.
     */
    async createAckLink(link: { alarmId: number; userId: number; at: Date }, on: DbOrTx): Promise<string> {
      const token = newToken();
      await on.insert(ackLinks).values({
        tokenHash: hashToken(token),
        alarmId: link.alarmId,
        userId: link.userId,
        createdAt: link.at,
        expiresAt: new Date(link.at.getTime() + ACK_LINK_TTL_MS),
      });
      return token;
    },
    /** A link for this person when their role may acknowledge alarms (else null: the link would only say 403). */
    async createAckLinkFor(link: { alarmId: number; userId: number; at: Date }, on: DbOrTx): Promise<string | null> {
      const [row] = await query<{ ok: boolean }>(
        on,
        sql`select true as ok from users u join roles r on r.id = u.role_id
          where u.id = ${link.userId} and ${roleHoldsSql(sql`r`, 'alarms_acknowledge')}`,
      );
      return row ? repo.createAckLink(link, on) : null;
    },
    /** The link of a token that has not expired by `now` (used or not). */
    async liveAckLink(token: string, now: Date): Promise<AckLinkRow | undefined> {
      const [row] = await query<AckLinkRow>(
        db,
        sql`select id, alarm_id, user_id, expires_at, used_at from ack_links
          where token_hash = ${hashToken(token)} and expires_at > ${now.toISOString()}::timestamptz`,
      );
      return row;
    },
    /** Spends a link: true for the one caller that used it first. */
    async claimAckLink(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(ackLinks)
        .set({ usedAt: now })
        .where(and(eq(ackLinks.id, id), isNull(ackLinks.usedAt)))
        .returning({ id: ackLinks.id });
      return rows.length > 0;
    },
    /** Gives a spent link back (the acknowledgement it was spent on did not happen). */
    async releaseAckLink(id: number): Promise<void> {
      await db.update(ackLinks).set({ usedAt: null }).where(eq(ackLinks.id, id));
    },
    /** The alarm's organization and location, to check who may still act on it. */
    async alarmPlaceById(alarmId: number) {
      const [row] = await query<{ ref: number; organization_id: number; location_id: number | null }>(
        db,
        sql`select ref, organization_id, location_id from alarms where id = ${alarmId}`,
      );
      return row;
    },
    /** Links that expired before `before` are of no use to anyone: deleted. */
    async deleteExpiredAckLinks(before: Date): Promise<number> {
      const rows = await db.delete(ackLinks).where(lt(ackLinks.expiresAt, before)).returning({ id: ackLinks.id });
      return rows.length;
    },
  };
  return repo;
}

export type AckLinksRepo = ReturnType<typeof createAckLinksRepo>;
