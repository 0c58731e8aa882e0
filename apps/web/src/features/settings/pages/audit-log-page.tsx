import type { AuditEntry } from '@rcm/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { SettingsLayout } from '@/components/settings-layout.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { FilterToggle } from '@/components/ui/filter-controls.tsx';
import { DATE_TIME, dateTimeFormat } from '@/lib/intl.ts';
import { type AuditFilters, auditActionsQuery, auditLogQuery } from '../api/settings.ts';
import { AuditWhat, actionLabel } from '../components/audit-entry.tsx';

/** Who acted: their name and email, or the system; who was signed in as them; the token they acted through. */
function Who(props: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { actor, impersonator, api_token: apiToken } = props.entry;
  return (
    <>
      {actor ? (
        <>
          <div className="font-medium">{actor.name}</div>
          <div className="text-xs break-all text-slate-600 dark:text-slate-300">{actor.email}</div>
        </>
      ) : (
        t('settings.audit.system')
      )}
      {impersonator ? (
        <div className="text-xs text-amber-800 dark:text-amber-200">
          {t('settings.audit.onBehalf', { name: impersonator.name })}
        </div>
      ) : null}
      {apiToken ? (
        <div className="text-xs text-slate-700 dark:text-slate-200">
          {t('settings.audit.throughToken', { name: apiToken.name })}
        </div>
      ) : null}
    </>
  );
}

/**
 * /settings/audit-log: what happened in words, who and when; filters by action, actor and date. On a
 * phone each entry is a card, its sentence first.
 */
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
  const when = dateTimeFormat(i18n.language, DATE_TIME);
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control}
    </div>
  );
  /** A text or date filter, labelled and bound to its key of the filters. */
  const input = (key: 'actor' | 'from' | 'to', type: 'search' | 'date', placeholder?: string) =>
    field(
      `audit-${key}`,
      t(`settings.audit.${key}`),
      <input
        id={`audit-${key}`}
        type={type}
        className={inputClass}
        placeholder={placeholder}
        value={filters[key] ?? ''}
        onChange={(e) => set({ [key]: e.target.value || undefined })}
      />,
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
        {input('actor', 'search', t('settings.audit.actorPlaceholder'))}
        {input('from', 'date')}
        {input('to', 'date')}
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
      <FilterToggle
        className="mb-4 flex items-center gap-2 text-sm"
        label={t('settings.audit.showSignIns')}
        checked={showSignIns}
        onChange={(checked) => {
          setShowSignIns(checked);
          setPage(1);
        }}
      />
      <DataTable
        caption={t('settings.sections.auditLog')}
        rows={query.data?.data ?? []}
        rowKey={(entry) => entry.id}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={t('settings.sections.auditLog')}
        emptyBody={t('settings.audit.empty')}
        columns={[
          {
            key: 'when',
            header: t('settings.audit.when'),
            className: 'whitespace-nowrap align-top',
            cell: (entry) => <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>,
          },
          {
            key: 'who',
            header: t('settings.audit.who'),
            className: 'align-top',
            cell: (entry) => <Who entry={entry} />,
          },
          {
            key: 'what',
            header: t('settings.audit.what'),
            className: 'align-top',
            cell: (entry) => <AuditWhat entry={entry} />,
          },
          {
            key: 'organization',
            header: t('settings.audit.organization'),
            className: 'align-top',
            cell: (entry) => entry.organisation?.name ?? '—',
          },
        ]}
        // On a phone: what happened first, then who and when.
        card={(entry) => (
          <>
            <AuditWhat entry={entry} />
            <div className="mt-2 text-xs text-slate-600 dark:text-slate-300">
              <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
              {entry.organisation ? ` · ${entry.organisation.name}` : ''}
            </div>
            <div className="mt-1 text-xs">
              <Who entry={entry} />
            </div>
          </>
        )}
      />
      {query.data && query.data.data.length > 0 ? (
        <div className="mt-4">
          <Pagination meta={query.data.meta} onPage={setPage} />
        </div>
      ) : null}
    </SettingsLayout>
  );
}
