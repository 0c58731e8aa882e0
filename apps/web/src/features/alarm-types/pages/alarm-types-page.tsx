import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/badges.tsx';
import { EditLink, SettingsLayout, SettingsList } from '@/components/settings-layout.tsx';
import { useListSearch } from '@/components/ui/filter-controls.tsx';
import { PagingWarnings } from '@/features/oncall/index.ts';
import { alarmTypesQuery } from '@/features/settings/index.ts';
import { watchesLabel } from '../components/alarm-type-watches.ts';

/** /settings/alarm-types: the engine's catalogue; each row opens its form (read-only without update rights). */
export function AlarmTypesPage() {
  const { t, i18n } = useTranslation();
  const search = useListSearch();
  const query = useQuery(alarmTypesQuery({ ...search.params, per_page: 50 }));
  const es = i18n.language.startsWith('es');
  return (
    <SettingsLayout title={t('settings.sections.alarmTypes')} subtitle={t('settings.alarmTypes.engineNote')}>
      <PagingWarnings />
      <SettingsList
        title={t('settings.sections.alarmTypes')}
        search={search}
        placeholder={t('settings.alarmTypes.name')}
        query={query}
        rowKey={(a) => a.id}
        emptyBody={t('settings.alarmTypes.empty')}
        columns={[
          {
            key: 'code',
            header: t('settings.alarmTypes.code'),
            className: 'align-top',
            cell: (a) => (
              <>
                <span className="block font-medium">{es ? a.name_es : a.name}</span>
                <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-300">{a.code}</span>
              </>
            ),
          },
          {
            key: 'source',
            header: t('settings.alarmTypes.source'),
            className: 'align-top',
            cell: (a) => watchesLabel(a, t),
          },
          {
            key: 'threshold',
            header: t('settings.alarmTypes.threshold'),
            className: 'align-top',
            cell: (a) =>
              a.threshold === null ? '—' : `${t(`settings.alarmTypes.comparators.${a.comparator}`)} ${a.threshold}`,
          },
          {
            key: 'delay',
            header: t('settings.alarmTypes.delay'),
            className: 'align-top',
            cell: (a) => a.delay_seconds,
          },
          {
            key: 'severity',
            header: t('settings.alarmTypes.severity'),
            className: 'align-top',
            cell: (a) => <SeverityBadge severity={a.severity} />,
          },
          {
            key: 'enabled',
            header: t('settings.alarmTypes.enabled'),
            className: 'align-top',
            cell: (a) => (a.enabled ? t('settings.alarmTypes.on') : t('settings.alarmTypes.off')),
          },
        ]}
        actions={(a) => (
          <EditLink link={{ to: '/settings/alarm-types/$id/edit', params: { id: String(a.id) } }} name={a.code} />
        )}
        actionsClassName="align-top text-right"
      />
    </SettingsLayout>
  );
}
