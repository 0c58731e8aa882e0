import type { AlarmPage } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { oncallKeys } from '../api/keys.ts';
import { alarmPagesQuery } from '../api/paging.ts';

const STATUS_CLASS: Record<AlarmPage['status'], string> = {
  queued: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100',
  sent: 'bg-sky-50 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-100',
  delivered: 'bg-emerald-50 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-100',
  failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-100',
  acknowledged: 'bg-violet-50 text-violet-900 ring-violet-300 dark:bg-violet-950 dark:text-violet-100',
};

/**
 * The alarm view's "Paged": every page of the alarm's escalation chain (step, person, channel, status),
 * refetched live when its notifications change. A high or critical alarm still open that paged nobody
 * says so: nobody is on it; pages sent to the default audience because the policy reached nobody who may
 * see the alarm say that; an email kept for want of a mail server says "not sent", as its email does.
 */
export function AlarmPages(props: { alarmRef: number; severity: string; open: boolean }) {
  const { t } = useTranslation();
  const pages = useQuery(alarmPagesQuery(props.alarmRef));
  useLiveQuery(oncallKeys.pages(props.alarmRef), {
    'notification.updated': (e) => e.alarm_ref === props.alarmRef,
  });
  if (pages.isPending) return <Spinner label={t('oncall.pagesLoading')} />;
  if (pages.isError) return <p role="alert">{t('oncall.pagesError')}</p>;
  if (pages.data.length === 0) {
    const unheard = props.open && (props.severity === 'critical' || props.severity === 'high');
    return unheard ? (
      <Notice>{t('oncall.nobodyPaged')}</Notice>
    ) : (
      <EmptyState title={t('oncall.noPagesTitle')} body={t('oncall.noPagesBody')} />
    );
  }
  const fallback = pages.data.some((p) => p.fallback);
  return (
    <>
      {fallback ? <Notice>{t('oncall.fallbackPaged')}</Notice> : null}
      <DataTable
        caption={t('oncall.pagesCaption')}
        rows={pages.data}
        rowKey={(p) => `${p.at}-${p.step}-${p.user?.id ?? 0}-${p.channel}`}
        columns={[
          { key: 'step', header: t('oncall.step'), className: 'tabular-nums', cell: (p) => p.step },
          { key: 'user', header: t('oncall.person'), cell: (p) => p.user?.name ?? t('oncall.removedUser') },
          { key: 'channel', header: t('oncall.channel'), cell: (p) => t(`oncall.channels.${p.channel}`) },
          {
            key: 'status',
            header: t('oncall.status'),
            cell: (p) => (
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[p.status]}`}>
                {p.detail === 'no_mail_server' ? t('notifications.notSent') : t(`oncall.statuses.${p.status}`)}
              </span>
            ),
          },
          {
            key: 'at',
            header: t('oncall.at'),
            className: 'whitespace-nowrap tabular-nums',
            cell: (p) => formatDateTime(p.at),
          },
        ]}
      />
    </>
  );
}

/** A warning of who was (or was not) reached, above the pages. */
function Notice(props: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-100"
    >
      {props.children}
    </p>
  );
}
