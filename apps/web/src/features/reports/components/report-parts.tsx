import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import type { Column } from '@/components/ui/data-table.tsx';
import { formatNumber } from '@/lib/format.ts';

/* The small parts every report's body is made of: figures, tables, sections, places and links. */

/** A figure of a report's summary; `danger`: a figure that needs action (red). */
export function Stat(props: { label: string; value: string | number; tone?: 'danger' }) {
  const danger = props.tone === 'danger';
  return (
    <div
      className={
        danger
          ? 'rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100'
          : 'rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900'
      }
    >
      <dt className={danger ? 'text-xs font-medium' : 'text-xs font-medium text-slate-600 dark:text-slate-300'}>
        {props.label}
      </dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">
        {typeof props.value === 'number' ? formatNumber(props.value, 0) : props.value}
      </dd>
    </div>
  );
}

/** A titled part of a report's body (a table, a list of counts), named by its heading. */
export function ReportSection(props: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** A report row's place: its location (a dash for none) over its organization. */
export function Where(props: { row: { location_name: string | null; organization_name: string } }) {
  return (
    <>
      {props.row.location_name ?? '—'}
      <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
        {props.row.organization_name}
      </span>
    </>
  );
}

/** The location column of a report's table: its location over its organization. */
export function locationColumn<T extends { location_name: string | null; organization_name: string }>(
  header: string,
): Column<T> {
  return { key: 'location', header, cell: (row) => <Where row={row} /> };
}

/** A report's links are in the weight of the text around them. */
export const reportLinkClass = 'text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** A controller named in a report, linking to its page. */
export function ControllerLink(props: { id: number; name: string }) {
  return (
    <Link to="/controllers/$controllerId/view" params={{ controllerId: String(props.id) }} className={reportLinkClass}>
      {props.name}
    </Link>
  );
}
