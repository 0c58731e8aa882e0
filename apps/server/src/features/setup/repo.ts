import { PERMISSIONS } from '@rcm/shared/permissions';
import { SEEDED_NAMES } from '@rcm/shared/seeded';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, roles, users } from '../../db/schema.ts';
import { STANDARD_ROLES } from './standard-roles.ts';

/** The role first-run setup creates: every permission, every organization. */
export const ADMINISTRATOR_ROLE = SEEDED_NAMES.role.admin;
const ADMINISTRATOR_COLOR = '#1d4ed8';

/** What creating the first accounts needs: is there anyone yet, and the rows of a new administrator. */
export function createSetupRepo(db: Db) {
  return {
    async anyUser(on: Db | Tx = db): Promise<boolean> {
      const rows = await on.select({ id: users.id }).from(users).limit(1);
      return rows.length > 0;
    },

    /** Serializes setups: the second waits for the first's commit and then sees its user. */
    async lockSetup(tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rcm.first-run-setup'))`);
    },

    async organizationByName(tx: Tx, name: string) {
      const [row] = await tx.select().from(organizations).where(eq(organizations.name, name)).limit(1);
      return row;
    },

    async firstOrganization(tx: Tx) {
      const [row] = await tx.select().from(organizations).orderBy(asc(organizations.id)).limit(1);
      return row;
    },

    async insertOrganization(tx: Tx, name: string) {
      const [row] = await tx.insert(organizations).values({ name }).returning();
      if (!row) throw new Error('organization insert returned nothing');
      return row;
    },

    async roleByName(tx: Tx, name: string) {
      const [row] = await tx.select().from(roles).where(eq(roles.name, name)).limit(1);
      return row;
    },

    /** The Administrator role with every permission (created, or brought up to every permission). */
    async administratorRole(tx: Tx) {
      const existing = await this.roleByName(tx, ADMINISTRATOR_ROLE);
      const permissions = [...PERMISSIONS];
      if (existing) {
        await tx.update(roles).set({ permissions }).where(eq(roles.id, existing.id));
        return { ...existing, permissions };
      }
      const [row] = await tx
        .insert(roles)
        .values({ name: ADMINISTRATOR_ROLE, color: ADMINISTRATOR_COLOR, permissions })
        .returning();
      if (!row) throw new Error('role insert returned nothing');
      return row;
    },

    /** Manager, Technician and Viewer, where no role of that name exists yet. */
    async ensureStandardRoles(tx: Tx): Promise<void> {
      for (const role of STANDARD_ROLES) {
        if (await this.roleByName(tx, role.name)) continue;
        await tx.insert(roles).values({ name: role.name, color: role.color, permissions: [...role.permissions] });
      }
    },

    async emailTaken(tx: Tx, email: string): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${email} and ${users.deletedAt} is null`)
        .limit(1);
      return rows.length > 0;
    },

    async insertUser(
      tx: Tx,
      values: {
        name: string;
        email: string;
        passwordHash: string;
        language: string;
        organizationId: number;
        roleId: number;
      },
    ) {
      const [row] = await tx
        .insert(users)
        .values({ ...values, allLocations: true })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      return row.id;
    },
  };
}

export type SetupRepo = ReturnType<typeof createSetupRepo>;
