/**
 * Horizontal bars with their values written out: the figure is readable without the colours and
 * carries its own text (a list), so it needs no separate alternative.
 */
export function BarChart(props: {
  title: string;
  bars: { label: string; value: number; display: string; highlight?: boolean }[];
}) {
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="mb-3 text-sm font-semibold">{props.title}</figcaption>
      <ul className="space-y-1.5">
        {props.bars.map((b) => (
          <li key={b.label} className="grid grid-cols-[minmax(6rem,14rem)_1fr_auto] items-center gap-3 text-xs">
            <span className="truncate text-slate-700 dark:text-slate-200" title={b.label}>
              {b.label}
            </span>
            <span className="h-3 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <span
                className={`block h-3 rounded ${b.highlight ? 'bg-red-600' : 'bg-blue-700 dark:bg-blue-400'}`}
                style={{ width: `${(b.value / max) * 100}%` }}
              />
            </span>
            <span className="tabular-nums font-medium">{b.display}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
