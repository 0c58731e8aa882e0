import { describe, expect, it } from 'vitest';
import { parseCsv, toRecords } from './csv-parse.ts';

describe('parseCsv', () => {
  it('reads quoted cells holding commas, quotes and newlines', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,2,3\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '2', '3'],
    ]);
  });

  it('skips blank lines and a byte-order mark, keeps empty cells', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });
});

describe('toRecords', () => {
  it('maps each row to the header’s columns, case-insensitively, missing cells empty', () => {
    expect(toRecords([['Part_Number', 'quantity'], ['SA-1']])).toEqual({
      columns: ['part_number', 'quantity'],
      records: [{ part_number: 'SA-1', quantity: '' }],
    });
  });
});
