import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './types.ts';

/**
 * A parameterised SQL text built without drizzle's query builder, for the hot read paths (the session
 * of every request, the alarm list and tiles), where building the query through drizzle cost more
 * CPU than PostgreSQL spent running it. Every interpolated value is a bound parameter (an array is ONE
 * parameter, as `arr()` does for drizzle); a nested Fragment is spliced in as SQL.
 */
export class Fragment {
  constructor(
    readonly parts: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** `$n` placeholders and their values. */
  compile(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    let text = '';
    const walk = (f: Fragment) => {
      f.parts.forEach((part, i) => {
        text += part;
        if (i >= f.values.length) return;
        const v = f.values[i];
        if (v instanceof CompiledFragment) {
          // Already numbered from $1: shifted past the values before it.
          const inner = v.compile();
          const offset = values.length;
          text += offset === 0 ? inner.text : inner.text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + offset}`);
          values.push(...inner.values);
        } else if (v instanceof Fragment) walk(v);
        else {
          values.push(v);
          text += `$${values.length}`;
        }
      });
    };
    walk(this);
    return { text, values };
  }

  /** The same SQL for drizzle (`db.execute`, or inside a drizzle `sql` template). */
  toDrizzle(): SQL {
    const chunks: SQL[] = [];
    this.parts.forEach((part, i) => {
      chunks.push(sql.raw(part));
      if (i >= this.values.length) return;
      const v = this.values[i];
      chunks.push(v instanceof Fragment ? v.toDrizzle() : sql`${sql.param(v)}`);
    });
    return sql.join(chunks);
  }
}

/**
 * A statement whose text and values are known already (kept by whoever makes it, so the same shape is
 * the same string object each time: hashing it for the statement's name, or comparing it, is then
 * O(1) instead of a walk over kilobytes). Its text must hold no `$` but its placeholders.
 */
export class CompiledFragment extends Fragment {
  constructor(private readonly compiled: { text: string; values: unknown[] }) {
    super([compiled.text], []);
  }

  override compile(): { text: string; values: unknown[] } {
    return this.compiled;
  }

  override toDrizzle(): SQL {
    const { text, values } = this.compiled;
    const chunks: SQL[] = [];
    let last = 0;
    for (const m of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, m.index)));
      chunks.push(sql`${sql.param(values[Number(m[1]) - 1])}`);
      last = m.index + m[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    return sql.join(chunks);
  }
}

/**
 * Statements by a key that determines them (e.g. the caller's scope and the query), compiled once:
 * the hot reads are a handful of shapes called thousands of times a second. Bounded; emptied when full.
 */
export function statementCache(max = 1000): (key: string, make: () => Fragment) => CompiledFragment {
  const cache = new Map<string, CompiledFragment>();
  return (key, make) => {
    let statement = cache.get(key);
    if (!statement) {
      statement = new CompiledFragment(make().compile());
      if (cache.size >= max) cache.clear();
      cache.set(key, statement);
    }
    return statement;
  };
}

/** True when both compile to the same text with the same values (numbers, strings, booleans, arrays of them). */
export function sameStatement(a: Fragment, b: Fragment): boolean {
  const x = a.compile();
  const y = b.compile();
  return x.text === y.text && (x.values === y.values || JSON.stringify(x.values) === JSON.stringify(y.values));
}

/** Tagged template: `frag\`a.id = ${id}\`` (values bound as parameters, Fragments spliced). */
export function frag(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  return new Fragment(strings, values);
}

/** Fixed SQL text (never user input). */
export function rawFrag(text: string): Fragment {
  return new Fragment([text], []);
}

export function joinFrags(fragments: readonly Fragment[], separator: string): Fragment {
  if (fragments.length === 0) return rawFrag('');
  return new Fragment(['', ...fragments.slice(1).map(() => separator), ''], fragments);
}

const dialect = new PgDialect();

/** A drizzle condition as a Fragment (compiled once here), to splice into a Fragment statement. */
export function fragmentOf(condition: SQL): Fragment {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return new CompiledFragment({ text, values: params });
}

/** Runs a Fragment and answers its rows. */
export type Reader = <T = Record<string, unknown>>(statement: Fragment) => Promise<T[]>;

const readers = new WeakMap<object, Reader>();

/** The database's fast reader (db/client.ts registers one per opened database). */
export function registerReader(db: Db, reader: Reader): void {
  readers.set(db, reader);
}

/**
 * The fast reader of a database, or (for a handle without one: a transaction) the same statement
 * through drizzle on that handle, so a read inside a transaction stays inside it.
 */
export function readerFor(db: Db): Reader {
  return (
    readers.get(db) ??
    (async <T>(statement: Fragment) => {
      const res = (await db.execute(statement.toDrizzle())) as unknown as { rows: T[] };
      return res.rows;
    })
  );
}

/**
 * Names for prepared statements by text: PostgreSQL parses and plans each once per connection. The
 * texts come from a bounded set of query shapes; past `max` distinct texts the rest run unnamed, so
 * nothing grows without bound.
 */
export function statementNames(max = 500): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name && names.size < max) {
      name = `rcm_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}
