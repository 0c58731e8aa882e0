import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '@/assets/logo.svg';
import { usePageHeading } from './page.tsx';

/** The frame of every signed-out page: the product's mark, a title, a line under it, and a card. */
export function AuthCard(props: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const heading = usePageHeading(props.title);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="flex flex-col items-center text-center">
          <img src={logo} alt="" className="size-12" />
          <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-300">
            {t('app.name')}
          </p>
          <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-semibold tracking-tight outline-none">
            {props.title}
          </h1>
          {props.subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.subtitle}</p> : null}
        </div>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          {props.children}
        </div>
        {props.footer}
      </div>
    </div>
  );
}

/** A sentence the page says about itself (sent, saved): announced to screen readers as it appears. */
export function Notice(props: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
    >
      {props.children}
    </p>
  );
}
