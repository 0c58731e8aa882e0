import type { ReactNode } from 'react';

/** The shared list states (one home: components/ui/data-table.tsx). */
export { ListState } from '../../../components/ui/data-table.tsx';

export function Section(props: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = `${props.id ?? props.title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

export function Th(props: { children: ReactNode }) {
  return (
    <th scope="col" className="px-3 py-2 text-left font-semibold">
      {props.children}
    </th>
  );
}

export function Table(props: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>{props.head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{props.children}</tbody>
      </table>
    </div>
  );
}
