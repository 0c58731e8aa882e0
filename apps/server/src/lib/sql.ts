import { type SQL, sql } from 'drizzle-orm';

/** Binds a JS array as ONE parameter (for `unnest($1::int[])`, `= any($1)`); drizzle would expand it. */
export function arr(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}

/** A json or jsonb column from a raw row: parsed by the driver, or its text (then parsed here). */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A timestamp from a raw row: node-postgres gives a Date, PGlite a string such as
 * `2026-11-22 02:36:47.595+00`.
 */
export function toIso(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value)
    .replace(/^(\d{4}-\d\d-\d\d) /, '$1T')
    .replace(/([+-]\d\d)$/, '$1:00');
  return new Date(text).toISOString();
}

export function toDate(value: unknown): Date {
  return new Date(toIso(value) ?? 0);
}

/** An ILIKE pattern that matches `text` anywhere, its `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Runs raw SQL on either driver; both answer with `{rows}`. */
export async function query<T = Record<string, unknown>>(
  db: { execute: (q: SQL) => PromiseLike<unknown> },
  q: SQL,
): Promise<T[]> {
  const res = (await db.execute(q)) as { rows: T[] };
  return res.rows;
}

/**
 * Array parameters as PostgreSQL array literals, encoded here rather than by the driver's generic
 * per-element path (the ingest writer sends tens of thousands of elements per batch; the driver's
 * encoding was a tenth of its work). Cast them in SQL: `${ints(ids)}::int[]`.
 */
export function ints(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}`;
}

/** Numbers or nulls; non-finite numbers are the caller's bug and become NULL. */
export function floats(values: readonly (number | null)[]): SQL {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v === null || v === undefined || !Number.isFinite(v) ? 'NULL' : String(v);
  }
  return sql`${`${out}}`}`;
}

/** Strings or nulls, each double-quoted with `"` and `\` escaped (so `NULL`, `{`, `,` stay text). */
export function texts(values: readonly (string | null)[]): SQL {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (v.indexOf('"') < 0 && v.indexOf('\\') < 0) out += `"${v}"`;
    else out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
  }
  return sql`${`${out}}`}`;
}
