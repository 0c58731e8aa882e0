import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { VerificationRefusal } from '../../db/schema-channels.ts';
import { query } from '../../lib/sql.ts';

/** The verification codes asked for (`verification_sends`) and an organization's phone countries. */
export function createVerificationRepo(db: DbOrTx) {
  const orgIs = (organizationId: number | null) =>
    organizationId === null ? sql`organization_id is null` : sql`organization_id = ${organizationId}`;
  return {
    async record(r: {
      userId: number;
      organizationId: number | null;
      type: 'sms' | 'voice';
      country: string | null;
      refused: VerificationRefusal | null;
      at: Date;
    }): Promise<void> {
      await db.execute(
        sql`insert into verification_sends (user_id, organization_id, type, country, refused, at)
            values (${r.userId}, ${r.organizationId}, ${r.type}, ${r.country}, ${r.refused}, ${r.at.toISOString()}::timestamptz)`,
      );
    },
    /** Codes sent to this person's numbers since then. */
    async sentByUser(userId: number, since: Date): Promise<number> {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from verification_sends
            where user_id = ${userId} and refused is null and at >= ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },
    /** Codes sent and refused for the organization's people (null: the service company's staff) since then. */
    async organizationCounts(organizationId: number | null, since: Date): Promise<{ sent: number; refused: number }> {
      const [row] = await query<{ sent: number; refused: number }>(
        db,
        sql`select count(*) filter (where refused is null)::int as sent,
                   count(*) filter (where refused is not null)::int as refused
            from verification_sends where ${orgIs(organizationId)} and at >= ${since.toISOString()}::timestamptz`,
      );
      return { sent: Number(row?.sent ?? 0), refused: Number(row?.refused ?? 0) };
    },
    /** The organization's setting (null: not set); undefined when there is no such organization. */
    async phoneCountries(organizationId: number): Promise<string[] | null | undefined> {
      const [row] = await query<{ phone_countries: string[] | null }>(
        db,
        sql`select phone_countries from organizations where id = ${organizationId}`,
      );
      return row ? row.phone_countries : undefined;
    },
    /** In the caller's transaction (the change and its audit entry commit together). */
    async setPhoneCountries(organizationId: number, countries: string[] | null, tx: Tx): Promise<void> {
      await tx.execute(
        sql`update organizations set phone_countries = ${countries === null ? null : sql`${`{${countries.join(',')}}`}::text[]`}
            where id = ${organizationId}`,
      );
    },
    /** The phone numbers of the organization's locations (null: every organization's). */
    async locationPhones(organizationId: number | null): Promise<string[]> {
      const rows = await query<{ phone: string }>(
        db,
        sql`select phone from locations where phone <> ''
            and (${organizationId}::int is null or organization_id = ${organizationId}::int)`,
      );
      return rows.map((r) => r.phone);
    },
    async purge(before: Date): Promise<void> {
      await db.execute(sql`delete from verification_sends where at < ${before.toISOString()}::timestamptz`);
    },
  };
}

export type VerificationRepo = ReturnType<typeof createVerificationRepo>;
