import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The node-postgres connection under a Drizzle transaction, or null on PGlite. COPY is PostgreSQL's
 * fastest way in (docs/contracts.md §11: ~300k rows/s against ~210k for an `unnest` insert), and only
 * node-postgres speaks it; Drizzle keeps the connection in its session.
 */
export function copyConnection(tx: unknown): pg.ClientBase | null {
  const client = (tx as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** COPY text format: backslash, tab, newline and carriage return are escaped; nothing else is. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

/** Streams tab-separated lines into `table (columns)` on the connection (inside its transaction). */
export async function copyRows(client: pg.ClientBase, table: string, columns: string[], lines: string): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(async function* () {
    yield lines;
  }, stream);
}
