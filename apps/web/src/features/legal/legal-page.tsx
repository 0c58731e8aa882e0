import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';

export function LegalPage() {
  const { t } = useTranslation();
  const privacy = t('legal.privacy', { returnObjects: true }) as string[];
  const terms = t('legal.terms', { returnObjects: true }) as string[];
  return (
    <Page title={t('legal.title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="privacy"
          className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="privacy" className="text-lg font-semibold">
            {t('legal.privacyTitle')}
          </h2>
          {privacy.map((p) => (
            <p key={p} className="mt-3 text-sm leading-6 text-slate-700 dark:text-slate-200">
              {p}
            </p>
          ))}
        </section>
        <section
          aria-labelledby="terms"
          className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="terms" className="text-lg font-semibold">
            {t('legal.termsTitle')}
          </h2>
          {terms.map((p) => (
            <p key={p} className="mt-3 text-sm leading-6 text-slate-700 dark:text-slate-200">
              {p}
            </p>
          ))}
        </section>
      </div>
    </Page>
  );
}
