import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../components/page.tsx';

/**
 * The frame of a section whose capability has not been built yet: its title and an honest empty
 * state. It shows no data because it has none.
 */
export function SectionPage(props: { sectionKey: string }) {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const vars = { id: params.id ?? params.controllerId ?? params.locationId ?? '', ref: params.alarmMetadataRef ?? '' };
  return (
    <Page title={t(`sections.${props.sectionKey}.title`, vars)}>
      <EmptyState
        title={t('common.notAvailableTitle')}
        body={t(`sections.${props.sectionKey}.body`, vars)}
        icon={
          <svg
            className="size-10"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            aria-hidden="true"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M3 9h18M8 14h8" strokeLinecap="round" />
          </svg>
        }
      />
    </Page>
  );
}
