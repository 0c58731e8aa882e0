import type { ReactNode } from 'react';
import { linkClass } from '@/components/ui/button.ts';

/** The shared list states (one home: components/ui/data-table.tsx). */
export { ListState } from '@/components/ui/data-table.tsx';

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

/** A phone number that dials when tapped, or a dash when there is none. */
export function PhoneLink(props: { phone: string | null }) {
  if (!props.phone) return '—';
  return (
    <a href={`tel:${props.phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
      {props.phone}
    </a>
  );
}
