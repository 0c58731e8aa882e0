import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; the code above this layer sees one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction of it: what code that may run inside a caller's transaction takes. */
export type DbOrTx = Db | Tx;
