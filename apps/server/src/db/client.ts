import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/paths.ts';
import { createDiskReserve, DISK_RESERVE_FILE, type DiskReserve } from './disk-reserve.ts';
import { openEmbedded } from './pglite.ts';
import * as schema from './schema.ts';
import { registerReader, statementNames } from './statement.ts';
import type { Db } from './types.ts';

export type { Db, DbOrTx, Schema, Tx } from './types.ts';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before this start (drives the demo seed). */
  fresh: boolean;
  /** PostgreSQL's URL, for work that needs a connection of its own (a session advisory lock). */
  url?: string;
  /** PGlite on disk: its data directory and client (checkpoints, backups, the disk watch). */
  embedded?: { dataDir: string; client: PGlite; reserve: DiskReserve | null };
  close: () => Promise<void>;
};

const migrationsFolder = path.join(serverRoot, 'drizzle');

async function hasTables(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const res = await query(`select 1 from information_schema.tables where table_name = 'users' limit 1`);
  return res.rows.length > 0;
}

function newPool(url: string, max: number, options?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // A checked-out client whose server goes away (PostgreSQL restarted mid-transaction) emits 'error'
  // too: without a listener that kills the process. Its query fails, and on release the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite (under dataDir, or in memory when
 * dataDir is null), and applies the committed migrations.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** Tests: another folder of migrations (e.g. the ones before a migration under test). */
  migrationsFolder?: string;
  /** Connections of the main pool (drizzle: writes, transactions, most reads). */
  poolSize?: number;
  /** Connections of the hot-read pool (sessions, alarm list and tiles; see db/statement.ts). */
  readPoolSize?: number;
  /** In memory only: start from this dump of a data directory (tests: an already migrated one). */
  template?: Blob;
  /** On disk: bytes kept free for PGlite in the data directory (db/disk-reserve.ts); 0: none. */
  diskReserveBytes?: number;
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.url) {
    const pool = newPool(opts.url, opts.poolSize ?? 10);
    // The hot reads run as named statements with generic plans: PostgreSQL plans each shape once per
    // connection instead of on every call (planning the alarm list cost more than running it). Only
    // statements written for it run there (index-driven, LIMITed); drizzle's ad-hoc queries keep
    // their custom plans on the main pool.
    const reads = newPool(opts.url, opts.readPoolSize ?? 10, '-c plan_cache_mode=force_generic_plan');
    const existed = await hasTables((q) => pool.query(q));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder: folder });
    const nameOf = statementNames();
    registerReader(db, async (statement) => {
      const { text, values } = statement.compile();
      return (await reads.query({ name: nameOf(text), text, values })).rows;
    });
    return {
      db,
      kind: 'postgres',
      fresh: !existed,
      url: opts.url,
      close: async () => {
        await Promise.all([pool.end(), reads.end()]);
      },
    };
  }
  const dataDir = opts.dataDir;
  // On disk: durable commits (db/pglite.ts); in memory (tests): nothing to flush.
  const reserve =
    dataDir && opts.diskReserveBytes
      ? createDiskReserve(path.join(dataDir, DISK_RESERVE_FILE), opts.diskReserveBytes)
      : null;
  const opened = dataDir
    ? await openEmbedded(dataDir, reserve ? { reserve } : {})
    : await PGlite.create({ extensions: { pg_trgm }, ...(opts.template ? { loadDataDir: opts.template } : {}) }).then(
        (client) => ({ client, close: () => client.close() }),
      );
  const client = opened.client;
  const existed = await hasTables((q) => client.query(q));
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: folder });
  registerReader(db, async <T>(statement: Parameters<Parameters<typeof registerReader>[1]>[0]) => {
    const { text, values } = statement.compile();
    return (await client.query<T>(text, values)).rows;
  });
  return {
    db,
    kind: 'pglite',
    fresh: !existed,
    ...(dataDir ? { embedded: { dataDir, client, reserve } } : {}),
    close: opened.close,
  };
}

/** Applies the committed migrations not yet applied (tests that start from an older schema). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migrateNodePg(database.db as never, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
}
