import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '../../../components/badges.tsx';
import { EmptyState } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { alarmTypesQuery } from '../api/settings.ts';
import {
  cardClass,
  linkClass,
  QueryState,
  SearchBox,
  SettingsLayout,
  tableClass,
  tdClass,
  thClass,
} from '../components/settings-layout.tsx';

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
      <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
        {query.data?.data.length === 0 ? (
          <EmptyState title={t('settings.sections.alarmTypes')} body={t('settings.alarmTypes.empty')} />
        ) : (
          <div className={`overflow-x-auto ${cardClass}`}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t('settings.alarmTypes.code')}</th>
                  <th className={thClass}>{t('settings.alarmTypes.source')}</th>
                  <th className={thClass}>{t('settings.alarmTypes.threshold')}</th>
                  <th className={thClass}>{t('settings.alarmTypes.delay')}</th>
                  <th className={thClass}>{t('settings.alarmTypes.severity')}</th>
                  <th className={thClass}>{t('settings.alarmTypes.enabled')}</th>
                  <th className={thClass}>
                    <span className="sr-only">{t('settings.users.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {query.data?.data.map((a) => (
                  <tr key={a.id}>
                    <td className={tdClass}>
                      <div className="font-medium">{es ? a.name_es : a.name}</div>
                      <div className="font-mono text-xs text-slate-600 dark:text-slate-300">{a.code}</div>
                    </td>
                    <td className={`${tdClass} font-mono text-xs`}>
                      {a.source}: {a.match}
                    </td>
                    <td className={tdClass}>
                      {a.threshold === null
                        ? '—'
                        : `${t(`settings.alarmTypes.comparators.${a.comparator}`)} ${a.threshold}`}
                    </td>
                    <td className={tdClass}>{a.delay_seconds}</td>
                    <td className={tdClass}>
                      <SeverityBadge severity={a.severity} />
                    </td>
                    <td className={tdClass}>
                      {a.enabled ? t('settings.alarmTypes.on') : t('settings.alarmTypes.off')}
                    </td>
                    <td className={`${tdClass} text-right`}>
                      <Link
                        to="/settings/alarm-types/$id/edit"
                        params={{ id: String(a.id) }}
                        className={linkClass}
                        aria-label={`${t('settings.edit')} ${a.code}`}
                      >
                        {t('settings.edit')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {query.data ? (
          <div className="mt-4">
            <Pagination
              page={query.data.meta.page}
              lastPage={query.data.meta.last_page}
              total={query.data.meta.total}
              onPage={setPage}
            />
          </div>
        ) : null}
      </QueryState>
    </SettingsLayout>
  );
}
