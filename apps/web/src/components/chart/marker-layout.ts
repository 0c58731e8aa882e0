/** A marker's label as drawn: where its text starts, on which line under the top, and its width. */
export type PlacedLabel = { left: number; row: number; width: number };

/**
 * Places the markers' labels so that none overlaps another: each label goes right of its line (left of
 * it when that would leave the plot), on the first line down where it clears the labels already there.
 * Markers at the same moment ("Raised" and "Cleared" of a short alarm) so stack instead of printing
 * over each other. `x` and `width` in the canvas's pixels; input order is kept in the result.
 */
export function layoutMarkerLabels(
  labels: { x: number; width: number }[],
  plot: { left: number; right: number },
  gap: number,
): PlacedLabel[] {
  const placed: PlacedLabel[] = new Array(labels.length);
  const rows: { left: number; right: number }[][] = [];
  const order = labels.map((_, i) => i).sort((a, b) => (labels[a]?.x ?? 0) - (labels[b]?.x ?? 0));
  for (const i of order) {
    const { x, width } = labels[i] ?? { x: 0, width: 0 };
    const right = x + gap + width <= plot.right || x - gap - width < plot.left;
    const left = right ? x + gap : x - gap - width;
    let row = 0;
    while ((rows[row] ?? []).some((b) => left < b.right + gap && left + width + gap > b.left)) row += 1;
    rows[row] = [...(rows[row] ?? []), { left, right: left + width }];
    placed[i] = { left, row, width };
  }
  return placed;
}
