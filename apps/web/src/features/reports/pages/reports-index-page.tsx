import { REPORT_NAMES } from '@rcm/shared/reports';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';

/** /reports: one card per report with what it answers. */
export function ReportsIndexPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('reports.title')} subtitle={t('reports.subtitle')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {REPORT_NAMES.map((name) => (
          <li key={name}>
            <Link
              to={`/reports/${name}`}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-400 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-700 dark:bg-slate-900"
            >
              <h2 className="text-base font-semibold text-blue-800 dark:text-blue-300">
                {t(`reports.names.${name}.title`)}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t(`reports.names.${name}.description`)}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
