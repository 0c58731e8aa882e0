import { describe, expect, it } from 'vitest';
import { layoutMarkerLabels } from './marker-layout.ts';

const overlap = (a: { left: number; width: number; row: number }, b: { left: number; width: number; row: number }) =>
  a.row === b.row && a.left < b.left + b.width && b.left < a.left + a.width;

describe('layoutMarkerLabels', () => {
  it('stacks the labels of markers at the same moment instead of printing one over the other', () => {
    // "Raised" and "Cleared" 2 px apart: drawn at the same place they read "RaClearled".
    const placed = layoutMarkerLabels(
      [
        { x: 300, width: 44 },
        { x: 302, width: 52 },
      ],
      { left: 60, right: 900 },
      4,
    );
    expect(placed[0]?.row).toBe(0);
    expect(placed[1]?.row).toBe(1);
    expect(overlap(placed[0] as never, placed[1] as never)).toBe(false);
  });

  it('keeps labels far apart on the first line, and one at the right edge left of its line', () => {
    const placed = layoutMarkerLabels(
      [
        { x: 100, width: 40 },
        { x: 400, width: 40 },
        { x: 890, width: 40 },
      ],
      { left: 60, right: 900 },
      4,
    );
    expect(placed.map((p) => p.row)).toEqual([0, 0, 0]);
    expect(placed[2]?.left).toBe(890 - 4 - 40);
  });

  it('never lets two labels overlap, however many markers crowd together', () => {
    const labels = Array.from({ length: 12 }, (_, i) => ({ x: 200 + i * 7, width: 30 + (i % 3) * 10 }));
    const placed = layoutMarkerLabels(labels, { left: 0, right: 1000 }, 4);
    for (let a = 0; a < placed.length; a += 1)
      for (let b = a + 1; b < placed.length; b += 1)
        expect(overlap(placed[a] as never, placed[b] as never)).toBe(false);
  });
});
