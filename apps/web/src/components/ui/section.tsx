import type { ReactNode } from 'react';

/**
 * A region named by its own heading (`aria-labelledby`): the heading, an `h2` unless told, first, or
 * with `actions` in a row beside it (`headerClassName` lays out the row); the classes give the look.
 */
export function LabelledSection(props: {
  id: string;
  title: string;
  className: string;
  headingClassName: string;
  heading?: 'h2' | 'h3';
  actions?: ReactNode;
  headerClassName?: string;
  children: ReactNode;
}) {
  const Heading = props.heading ?? 'h2';
  const heading = (
    <Heading id={props.id} className={props.headingClassName}>
      {props.title}
    </Heading>
  );
  return (
    <section aria-labelledby={props.id} className={props.className}>
      {props.actions === undefined ? (
        heading
      ) : (
        <div className={props.headerClassName}>
          {heading}
          {props.actions}
        </div>
      )}
      {props.children}
    </section>
  );
}

/** A titled card of a record page (alarm, job), labelled by its heading. */
export function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <LabelledSection
      id={props.id}
      title={props.title}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
      headingClassName="mb-3 text-base font-semibold"
    >
      {props.children}
    </LabelledSection>
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
