import { isBitTable, type RegisterTable, typeWidth, type ValueType } from '@rcm/shared/device-profile';

/** One value the poll needs: where it is, and how many registers (or bits) it spans. */
export type ReadItem = { table: RegisterTable; address: number; type: ValueType };

/** One request: `count` registers (or bits) of `table` from `start`, holding the listed items. */
export type Block<T extends ReadItem> = { table: RegisterTable; start: number; count: number; items: T[] };

export function itemWidth(item: ReadItem): number {
  return isBitTable(item.table) ? 1 : typeWidth(item.type);
}

const TABLE_ORDER: Record<RegisterTable, number> = { holding: 0, input: 1, coil: 2, discrete: 3 };

/**
 * Groups the items into as few requests as possible: items of one table whose registers touch or
 * overlap share a request while it spans at most `max` registers (bits, for coils and discrete
 * inputs). Registers no item uses are never read, so a gap always starts a new request: a controller
 * may answer an unmapped register with an exception that would fail the whole read.
 */
export function planBlocks<T extends ReadItem>(items: readonly T[], max: number): Block<T>[] {
  const sorted = [...items].sort(
    (a, b) => TABLE_ORDER[a.table] - TABLE_ORDER[b.table] || a.address - b.address || itemWidth(b) - itemWidth(a),
  );
  const blocks: Block<T>[] = [];
  let current: Block<T> | null = null;
  for (const item of sorted) {
    const end = item.address + itemWidth(item);
    if (current && current.table === item.table && item.address <= current.start + current.count) {
      const newEnd = Math.max(current.start + current.count, end);
      if (newEnd - current.start <= max) {
        current.count = newEnd - current.start;
        current.items.push(item);
        continue;
      }
    }
    current = { table: item.table, start: item.address, count: end - item.address, items: [item] };
    blocks.push(current);
  }
  return blocks;
}

/** The registers (or bits) of one item within its block's answer. */
export function slice<V>(block: Block<ReadItem>, data: readonly V[], item: ReadItem): V[] {
  const from = item.address - block.start;
  return data.slice(from, from + itemWidth(item));
}
