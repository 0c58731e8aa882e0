import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form-field.tsx';
import { EmptyState } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { type AuditFilters, auditActionsQuery, auditLogQuery } from '../api/settings.ts';
import { AuditWhat, actionLabel } from '../components/audit-entry.tsx';
import { cardClass, QueryState, SettingsLayout, tableClass, tdClass, thClass } from '../components/settings-layout.tsx';

/** /settings/audit-log: who, what, when, before/after; filters by action, actor and date. */

/** The table's scroll container: focusable, so the keyboard can scroll a table wider than the page. */
const scrollRegionClass = `overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700 ${cardClass}`;
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  // Sign-ins outnumber every administrative change: hidden unless asked for (or picked as the action).
  const [showSignIns, setShowSignIns] = useState(false);
  const deferred = useDeferredValue(filters);
  const query = useQuery(
    auditLogQuery({ ...deferred, page, ...(showSignIns || deferred.action ? {} : { hide_sign_ins: 'true' }) }),
  );
  const actions = useQuery(auditActionsQuery());
  const set = (patch: AuditFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control}
    </div>
  );

  return (
    <SettingsLayout title={t('settings.sections.auditLog')} subtitle={t('settings.sections.auditLogHint')}>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {field(
          'audit-action',
          t('settings.audit.action'),
          <select
            id="audit-action"
            className={inputClass}
            value={filters.action ?? ''}
            onChange={(e) => set({ action: e.target.value || undefined })}
          >
            <option value="">{t('settings.audit.anyAction')}</option>
            {(actions.data ?? [])
              .map((a) => ({ a, label: actionLabel(t, a) }))
              .sort((x, y) => x.label.localeCompare(y.label, i18n.language))
              .map(({ a, label }) => (
                <option key={a} value={a}>
                  {label}
                </option>
              ))}
          </select>,
        )}
        {field(
          'audit-actor',
          t('settings.audit.actor'),
          <input
            id="audit-actor"
            type="search"
            className={inputClass}
            placeholder={t('settings.audit.actorPlaceholder')}
            value={filters.actor ?? ''}
            onChange={(e) => set({ actor: e.target.value || undefined })}
          />,
        )}
        {field(
          'audit-from',
          t('settings.audit.from'),
          <input
            id="audit-from"
            type="date"
            className={inputClass}
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />,
        )}
        {field(
          'audit-to',
          t('settings.audit.to'),
          <input
            id="audit-to"
            type="date"
            className={inputClass}
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />,
        )}
        <div className="flex items-end">
          <button
            type="button"
            onClick={() => {
              setFilters({});
              setPage(1);
            }}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium dark:border-slate-600 dark:bg-slate-900"
          >
            {t('settings.audit.clear')}
          </button>
        </div>
      </div>
      <label className="mb-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={showSignIns}
          onChange={(e) => {
            setShowSignIns(e.target.checked);
            setPage(1);
          }}
        />
        {t('settings.audit.showSignIns')}
      </label>
      <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
        {query.data?.data.length === 0 ? (
          <EmptyState title={t('settings.sections.auditLog')} body={t('settings.audit.empty')} />
        ) : (
          // A long value (an email, a list of permissions) can make the table wider than the page.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section aria-label={t('settings.sections.auditLog')} tabIndex={0} className={scrollRegionClass}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t('settings.audit.when')}</th>
                  <th className={thClass}>{t('settings.audit.who')}</th>
                  <th className={thClass}>{t('settings.audit.what')}</th>
                  <th className={thClass}>{t('settings.audit.organization')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {query.data?.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
                    </td>
                    <td className={tdClass}>
                      {entry.actor ? (
                        <>
                          <div className="font-medium">{entry.actor.name}</div>
                          <div className="text-xs text-slate-600 dark:text-slate-300">{entry.actor.email}</div>
                        </>
                      ) : (
                        t('settings.audit.system')
                      )}
                      {entry.impersonator ? (
                        <div className="text-xs text-amber-800 dark:text-amber-200">
                          {t('settings.audit.onBehalf', { name: entry.impersonator.name })}
                        </div>
                      ) : null}
                    </td>
                    <td className={tdClass}>
                      <AuditWhat entry={entry} />
                    </td>
                    <td className={tdClass}>{entry.organisation?.name ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
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
