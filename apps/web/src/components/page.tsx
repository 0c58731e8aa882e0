import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageHeadingFocus } from '@/lib/focus.ts';

/**
 * A page's main heading: `title` names the document too (after the product's name), and the heading
 * the returned ref is put on takes focus after a navigation.
 */
export function usePageHeading(title: string) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageHeadingFocus(heading);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return heading;
}

/** A routed page: its title is the h1 (focused after a navigation) and the document title. */
export function Page(props: { title: string; subtitle?: string; children?: ReactNode; actions?: ReactNode }) {
  const heading = usePageHeading(props.title);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {props.title}
          </h1>
          {props.subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.subtitle}</p> : null}
        </div>
        {props.actions}
      </div>
      {props.children}
    </div>
  );
}

export function EmptyState(props: { title: string; body: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      {props.icon ? (
        <div className="mx-auto mb-3 flex justify-center text-slate-500 dark:text-slate-400">{props.icon}</div>
      ) : null}
      <h2 className="text-base font-semibold">{props.title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600 dark:text-slate-300">{props.body}</p>
      {props.children}
    </div>
  );
}

export function Spinner(props: { label: string }) {
  return (
    <output className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <svg className="size-5 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span>{props.label}</span>
    </output>
  );
}

/**
 * A page about one record, before it has the record: a spinner while it loads, else "Not found"
 * (`notFound` says what), for a record that does not exist or is not the caller's.
 */
export function RecordMissing(props: { pending: boolean; title: string; loadingLabel?: string; notFound: string }) {
  const { t } = useTranslation();
  return props.pending ? (
    <Page title={props.title}>
      <Spinner label={props.loadingLabel ?? t('common.loading')} />
    </Page>
  ) : (
    <Page title={t('errors.notFoundTitle')}>
      <p>{props.notFound}</p>
    </Page>
  );
}
