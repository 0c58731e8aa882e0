import type { ReactNode } from 'react';

/** A titled card of a record page (alarm, job), labelled by its heading. */
export function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.id}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={props.id} className="mb-3 text-base font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** A label over its value in a definition list. */
export function Field(props: { label: string; children: ReactNode }) {
  return (
    // min-w-0 and anywhere-wrapping: an address or URL wraps inside a grid cell at phone width.
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">{props.label}</dt>
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere]">{props.children}</dd>
    </div>
  );
}
