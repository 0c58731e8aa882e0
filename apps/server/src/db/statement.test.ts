import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { type Fragment, frag, joinFrags, rawFrag, readerFor, sameStatement, statementNames } from './statement.ts';

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
