import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideOver } from '@/components/slide-over.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { ListState } from '@/components/ui/data-table.tsx';
import { formatRelative } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { controllersQuery } from '../api/controllers.ts';
import { ControllerLink } from './controller-link.tsx';

const OFFLINE = { online: 'false', authorised: 'true', sort: 'last_seen_at', per_page: 100 } as const;

/**
 * The dashboard's 'Offline Controllers': a panel listing the controllers that stopped reporting (with
 * when each was last heard from), and a switch that narrows the alarms table to theirs.
 */
export function OfflineControllers(props: { filtering: boolean; onFilter: (on: boolean) => void; canList: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...controllersQuery(OFFLINE), enabled: open && props.canList });

  useLiveQuery(controllersQuery(OFFLINE).queryKey, { 'controller.status': true });

  const buttonClass =
    'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900 dark:border-slate-600 dark:bg-slate-900 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-100';

  // Without controllers_view there is no list to show: the button narrows the table, as before.
  if (!props.canList)
    return (
      <button
        type="button"
        aria-pressed={props.filtering}
        title={t('dashboard.offlineOnly')}
        onClick={() => props.onFilter(!props.filtering)}
        className={buttonClass}
      >
        {t('dashboard.offlineControllers')}
      </button>
    );

  const rows = query.data?.data ?? [];
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={`${buttonClass} ${props.filtering ? 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : ''}`}
      >
        {t('dashboard.offlineControllers')}
      </button>
      <SlideOver
        open={open}
        onClose={() => setOpen(false)}
        title={t('dashboard.offlineControllers')}
        description={t('offline.description')}
        closeLabel={t('offline.close')}
        footer={
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={props.filtering}
              onChange={(e) => props.onFilter(e.target.checked)}
              className="size-4 rounded border-slate-400"
            />
            {t('dashboard.offlineOnly')}
          </label>
        }
      >
        <ListState
          pending={query.isPending}
          error={query.isError}
          empty={rows.length === 0}
          loadingLabel={t('offline.loading')}
          errorLabel={t('offline.error')}
          emptyTitle={t('offline.emptyTitle')}
          emptyBody={t('offline.emptyBody')}
          onRetry={() => void query.refetch()}
        >
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
            {t('offline.count', { count: query.data?.meta.total ?? rows.length })}
          </p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {rows.map((c) => (
              <li key={c.id} className="py-3">
                <ControllerLink controller={c} onClick={() => setOpen(false)} className={`text-sm ${linkClass}`} />
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  <span className="font-mono">{c.mac_address}</span>
                  {c.location ? ` · ${c.location.name}` : ''}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {c.last_seen_at
                    ? t('offline.lastSeen', { when: formatRelative(c.last_seen_at) })
                    : t('offline.neverSeen')}
                  {c.active_alarms > 0 ? ` · ${t('offline.activeAlarms', { count: c.active_alarms })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </ListState>
      </SlideOver>
    </>
  );
}
