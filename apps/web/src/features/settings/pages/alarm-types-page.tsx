import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '../../../components/badges.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { alarmTypesQuery } from '../api/settings.ts';
import { SearchBox, SettingsLayout } from '../components/settings-layout.tsx';

/** /settings/alarm-types: the engine's catalogue; each row opens its form (read-only without update rights). */
export function AlarmTypesPage() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(alarmTypesQuery({ q: useDeferredValue(q) || undefined, page, per_page: 50 }));
  const es = i18n.language.startsWith('es');
  return (
    <SettingsLayout title={t('settings.sections.alarmTypes')} subtitle={t('settings.alarmTypes.engineNote')}>
      <SearchBox
        value={q}
        placeholder={t('settings.alarmTypes.name')}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <DataTable
        caption={t('settings.sections.alarmTypes')}
        rows={query.data?.data ?? []}
        rowKey={(a) => a.id}
        pending={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={t('settings.sections.alarmTypes')}
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
            className: 'align-top font-mono text-xs',
            cell: (a) => `${a.source}: ${a.match}`,
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
          {
            key: 'actions',
            header: t('settings.users.actions'),
            headerHidden: true,
            card: 'actions',
            className: 'align-top text-right',
            cell: (a) => (
              <Link
                to="/settings/alarm-types/$id/edit"
                params={{ id: String(a.id) }}
                className={linkClass}
                aria-label={`${t('settings.edit')} ${a.code}`}
              >
                {t('settings.edit')}
              </Link>
            ),
          },
        ]}
      />
      <ListPagination meta={query.data?.meta} onPage={setPage} />
    </SettingsLayout>
  );
}
