import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/badges.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { ListState } from '@/components/ui/data-table.tsx';
import { alarmsQuery } from '@/features/alarms/index.ts';
import { formatDateTime, reasonText } from '@/lib/format.ts';

const STATUSES = ['active', 'acknowledged', 'cleared'] as const;

/** The Alarms tab: this controller's alarms, by status, a page at a time like the dashboard. */
export function ControllerAlarmsTab(props: { controllerId: number }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('active');
  const [page, setPage] = useState(1);
  const alarms = useQuery(alarmsQuery({ controller_id: props.controllerId, status, page }));
  const rows = alarms.data?.data ?? [];
  const meta = alarms.data?.meta;
  return (
    <div>
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('dashboard.status')}</legend>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm aria-pressed:border-blue-700 aria-pressed:bg-blue-700 aria-pressed:text-white dark:border-slate-600"
          >
            {t(`alarmStatus.${s}`)}
          </button>
        ))}
      </fieldset>
      <div className="mt-4">
        <ListState
          pending={alarms.isPending}
          error={alarms.isError}
          empty={rows.length === 0}
          errorLabel={t('errors.generic')}
          onRetry={() => void alarms.refetch()}
          emptyTitle={t('controllers.noAlarmsTitle')}
          emptyBody={t('controllers.noAlarmsBody')}
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {rows.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div>
                  <Link
                    to="/alarms/$alarmMetadataRef/view"
                    params={{ alarmMetadataRef: String(a.ref) }}
                    className={linkClass}
                  >
                    #{a.ref} · {i18n.language.startsWith('es') ? a.alarm_type.name_es : a.alarm_type.name}
                  </Link>
                  <p className="text-xs text-slate-600 dark:text-slate-300">{reasonText(a, i18n.language)}</p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <SeverityBadge severity={a.severity} />
                  <span className="tabular-nums">{formatDateTime(a.raised_at)}</span>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {meta && meta.last_page > 1 ? (
        <div className="mt-4">
          <Pagination meta={meta} onPage={setPage} />
        </div>
      ) : null}
    </div>
  );
}
