import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { containsPattern, floats, ints, query, texts } from './sql.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('array literal parameters', () => {
  it('round-trips awkward strings, nulls and numbers exactly', async () => {
    const strings = [
      'plain',
      'with "quotes"',
      'back\\slash',
      'NULL',
      '',
      '{braces}',
      'a,b',
      ' spaced ',
      'tab\there',
      'línea\nnueva',
      '°F',
      null,
    ];
    const numbers = [0, -1.5, 1e-7, 123456789.125, null, 2 ** 53];
    const ids = [1, 2, 2147483647, -3];
    const [row] = await query<{ s: (string | null)[]; f: (number | null)[]; i: number[] }>(
      database.db,
      sql`select ${texts(strings)}::text[] as s, ${floats(numbers)}::float8[] as f, ${ints(ids)}::int[] as i`,
    );
    expect(row?.s).toEqual(strings);
    expect(row?.f?.map((v) => (v === null ? null : Number(v)))).toEqual(numbers);
    expect(row?.i?.map(Number)).toEqual(ids);
  });

  it('encodes empty arrays and rejects nothing a device could send as a point address', async () => {
    const [row] = await query<{ n: number }>(
      database.db,
      sql`select cardinality(${texts([])}::text[]) + cardinality(${ints([])}::int[]) as n`,
    );
    expect(Number(row?.n)).toBe(0);
    const hostile = ['"}', '\\"', '\\', '"', "'; drop table readings; --"];
    const [back] = await query<{ s: string[] }>(database.db, sql`select ${texts(hostile)}::text[] as s`);
    expect(back?.s).toEqual(hostile);
  });
});

describe('containsPattern', () => {
  it('matches the text anywhere, case-insensitively, its % _ and \\ taken literally', async () => {
    const [row] = await query<{ hit: boolean; wild: boolean }>(
      database.db,
      sql`select ${'x 10%_a\\b y'}::text ilike ${containsPattern('10%_A\\b')} as hit,
        ${'10xxab'}::text ilike ${containsPattern('10%_a\\b')} as wild`,
    );
    expect(row).toEqual({ hit: true, wild: false });
  });
});
