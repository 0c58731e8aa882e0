import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import {
  CompiledFragment,
  type Fragment,
  frag,
  joinFrags,
  rawFrag,
  readerFor,
  sameStatement,
  statementCache,
  statementNames,
} from './statement.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

describe('Fragment', () => {
  it('numbers parameters through nested fragments, binding an array as one parameter', () => {
    const inner = frag`b = ${2} and c = any(${[3, 4]}::int[])`;
    const { text, values } = frag`select ${rawFrag('x')} where a = ${1} and ${inner} and d = ${'five'}`.compile();
    expect(text).toBe('select x where a = $1 and b = $2 and c = any($3::int[]) and d = $4');
    expect(values).toEqual([1, 2, [3, 4], 'five']);
  });

  it('tells the same statement from one differing in text or in any value', () => {
    const scoped = (org: number, locations: number[] | null, status: string) =>
      frag`select 1 where org = ${org}${locations ? frag` and loc = any(${locations}::int[])` : rawFrag('')} and s = ${status}`;
    expect(sameStatement(scoped(1, [2, 3], 'active'), scoped(1, [2, 3], 'active'))).toBe(true);
    expect(sameStatement(scoped(1, [2, 3], 'active'), scoped(1, [2], 'active'))).toBe(false);
    expect(sameStatement(scoped(1, [2, 3], 'active'), scoped(4, [2, 3], 'active'))).toBe(false);
    expect(sameStatement(scoped(1, [2, 3], 'active'), scoped(1, null, 'active'))).toBe(false);
    expect(sameStatement(scoped(1, null, 'active'), scoped(1, null, 'cleared'))).toBe(false);
    expect(sameStatement(frag`a = ${1}`, frag`a = ${'1'}`)).toBe(false);
  });

  it('splices a compiled statement, its placeholders shifted past the values before it', async () => {
    const inner = new CompiledFragment(
      frag`select g from generate_series(${1}::int, ${9}::int) g where g % ${3}::int = 0`.compile(),
    );
    const outer = frag`select ${'x'}::text as label, array_agg(g) as gs from (${inner}) i where g > ${4}::int`;
    expect(outer.compile()).toEqual({
      text: 'select $1::text as label, array_agg(g) as gs from (select g from generate_series($2::int, $3::int) g where g % $4::int = 0) i where g > $5::int',
      values: ['x', 1, 9, 3, 4],
    });
    const fast = await readerFor(t.db)(outer);
    const viaDrizzle = await t.db.transaction((tx) => readerFor(tx as never)(outer));
    const alone = await t.db.transaction((tx) => readerFor(tx as never)(inner));
    expect(fast).toEqual([{ label: 'x', gs: [6, 9] }]);
    expect(viaDrizzle).toEqual(fast);
    expect(alone).toEqual([{ g: 3 }, { g: 6 }, { g: 9 }]);
  });

  it('compiles a cached statement once per key, the same object after', () => {
    const cache = statementCache(2);
    let made = 0;
    const make = (org: number) => () => {
      made += 1;
      return frag`select 1 where org = ${org}`;
    };
    const a = cache('org 1', make(1));
    expect(cache('org 1', make(1))).toBe(a);
    expect(made).toBe(1);
    expect(sameStatement(a, frag`select 1 where org = ${1}`)).toBe(true);
    expect(cache('org 2', make(2)).compile().values).toEqual([2]);
    cache('org 3', make(3)); // full: emptied, then kept
    expect(cache('org 1', make(1))).not.toBe(a);
    expect(made).toBe(4);
  });

  it('joins fragments with a separator', () => {
    expect(joinFrags([frag`a = ${1}`, frag`b = ${2}`, frag`c`], ' and ').compile()).toEqual({
      text: 'a = $1 and b = $2 and c',
      values: [1, 2],
    });
  });

  it('answers the same rows through the fast reader and through drizzle (a transaction handle)', async () => {
    const statement: Fragment = frag`select g as n, ${'x'}::text || g as label from generate_series(1, 5) g
      where g = any(${[2, 4, 5]}::int[]) and ${frag`g > ${1}`} order by g`;
    const fast = await readerFor(t.db)(statement);
    const viaDrizzle = await t.db.transaction((tx) => readerFor(tx as never)(statement));
    expect(fast).toEqual([
      { n: 2, label: 'x2' },
      { n: 4, label: 'x4' },
      { n: 5, label: 'x5' },
    ]);
    expect(viaDrizzle).toEqual(fast);
  });
});

describe('statementNames', () => {
  it('names each text once and stops naming past the bound', () => {
    const nameOf = statementNames(2);
    const a = nameOf('select 1');
    expect(a).toBeDefined();
    expect(nameOf('select 1')).toBe(a);
    expect(nameOf('select 2')).not.toBe(a);
    expect(nameOf('select 3')).toBeUndefined();
    expect(nameOf('select 1')).toBe(a);
  });
});
