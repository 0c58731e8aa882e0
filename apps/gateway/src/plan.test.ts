import { describe, expect, it } from 'vitest';
import { planBlocks, type ReadItem, slice } from './plan.ts';

const reg = (address: number, type: ReadItem['type'] = 'int16', table: ReadItem['table'] = 'holding'): ReadItem => ({
  table,
  address,
  type,
});
const shape = (items: ReadItem[], max: number) =>
  planBlocks(items, max).map((b) => [b.table, b.start, b.count, b.items.map((i) => i.address)]);

describe('planBlocks', () => {
  it('reads touching registers of one table together, whatever order the profile lists them in', () => {
    expect(shape([reg(12), reg(10), reg(11)], 32)).toEqual([['holding', 10, 3, [10, 11, 12]]]);
  });

  it('never reads a gap: an unused register starts a new request', () => {
    expect(shape([reg(10), reg(12)], 32)).toEqual([
      ['holding', 10, 1, [10]],
      ['holding', 12, 1, [12]],
    ]);
  });

  it('keeps tables apart even at the same addresses', () => {
    expect(shape([reg(5), reg(5, 'int16', 'input'), reg(6, 'bool', 'coil'), reg(7, 'bool', 'coil')], 32)).toEqual([
      ['holding', 5, 1, [5]],
      ['input', 5, 1, [5]],
      ['coil', 6, 2, [6, 7]],
    ]);
  });

  it('splits exactly at the limit', () => {
    const ten = Array.from({ length: 10 }, (_, i) => reg(100 + i));
    expect(shape(ten, 4)).toEqual([
      ['holding', 100, 4, [100, 101, 102, 103]],
      ['holding', 104, 4, [104, 105, 106, 107]],
      ['holding', 108, 2, [108, 109]],
    ]);
    expect(shape(ten, 10)).toEqual([['holding', 100, 10, ten.map((r) => r.address)]]);
    expect(shape(ten, 9).map((b) => b[2])).toEqual([9, 1]);
  });

  it('never splits a 32-bit value across two requests', () => {
    // 0..2 fill three registers; the float at 3 needs 3 and 4: with a limit of 4 it moves to the next.
    expect(shape([reg(0), reg(1), reg(2), reg(3, 'float32'), reg(5)], 4)).toEqual([
      ['holding', 0, 3, [0, 1, 2]],
      ['holding', 3, 3, [3, 5]],
    ]);
    expect(shape([reg(0), reg(1), reg(2), reg(3, 'float32')], 5)).toEqual([['holding', 0, 5, [0, 1, 2, 3]]]);
  });

  it('shares registers between items that overlap (a bit of a status word, the word itself)', () => {
    const items = [{ ...reg(20, 'uint16') }, { ...reg(20, 'uint16') }, reg(19, 'uint32')];
    expect(shape(items, 32)).toEqual([['holding', 19, 2, [19, 20, 20]]]);
  });

  it('slices each item out of its block', () => {
    const items = [reg(10), reg(11, 'uint32'), reg(13)];
    const [block] = planBlocks(items, 32);
    if (!block) throw new Error('no block');
    const data = [100, 111, 112, 130];
    expect(items.map((i) => slice(block, data, i))).toEqual([[100], [111, 112], [130]]);
  });
});
