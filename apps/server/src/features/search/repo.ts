import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** How close a word must be to count as a match (pg_trgm word similarity, 0–1): "Rivrside" finds "Riverside". */
export const WORD_SIMILARITY = 0.4;

/**
 * Runs `fn` in one transaction with the word-similarity threshold set for it: the `<%` operator
 * reads it, and the trigram indexes serve it.
 */
export function inSearchTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return fn(tx);
  });
}
