import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.forbiddenTitle')}>
      <p className="text-slate-700 dark:text-slate-200">{t('errors.forbiddenBody')}</p>
      <Link to="/" className="mt-4 inline-block font-medium text-blue-700 underline dark:text-blue-300">
        {t('errors.goHome')}
      </Link>
    </Page>
  );
}
