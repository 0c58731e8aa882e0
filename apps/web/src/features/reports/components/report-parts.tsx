import { type ReactNode, useId } from 'react';
import type { Column } from '../../../components/ui/data-table.tsx';

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
