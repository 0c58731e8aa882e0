import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../components/page.tsx';

export function SearchPage() {
  const { t } = useTranslation();
  const { q } = useSearch({ strict: false }) as { q?: string };
  return (
    <Page title={t('search.title')} subtitle={q ? t('search.resultsFor', { q }) : undefined}>
      <EmptyState title={t('common.notAvailableTitle')} body={q ? t('search.notYet') : t('search.noQuery')} />
    </Page>
  );
}
