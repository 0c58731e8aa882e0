import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

export type TestDatabase = Database & { label: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project server-postgres)
 * a new database created on TEST_DATABASE_URL's server and dropped when closed.
 */
export async function openTestDatabase(opts: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.RCM_TEST_DB !== 'postgres' || !url) {
    const database = await openDatabase({ dataDir: null, ...opts });
    return { ...database, label: 'pglite (in memory)' };
  }
  const name = `rcm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), ...opts });
  return {
    ...database,
    label: `postgresql (${name})`,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
