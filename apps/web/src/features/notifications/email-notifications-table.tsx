import type { EmailNotification } from '@rcm/shared/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/page.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { onRealtime } from '../../lib/realtime.ts';
import { type EmailSource, emailNotificationsQuery } from './api.ts';

const EVENT_COLUMNS = [
  ['delivered_at', 'delivered'],
  ['opened_at', 'opened'],
  ['clicked_at', 'clicked'],
  ['rejected_at', 'rejected'],
  ['spam_at', 'spamComplaint'],
  ['soft_bounced_at', 'softBounce'],
  ['bounced_at', 'bounced'],
] as const;

function SentCell(props: { email: EmailNotification }) {
  const { t } = useTranslation();
  const e = props.email;
  if (e.sent_at) return <>{formatDateTime(e.sent_at)}</>;
  const failed = e.status === 'failed';
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${failed ? 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-100' : 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100'}`}
    >
      {failed ? t('notifications.failed') : t('notifications.queued')}
    </span>
  );
}

/**
 * The emails of an alarm (its view's "Email Notifications") or of a controller's alarms (its
 * "Notifications" tab), with their delivery events; refetched live on `notification.updated`.
 */
export function EmailNotificationsTable(props: { source: EmailSource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { source } = props;
  const emails = useQuery(emailNotificationsQuery(source, page));
  const forController = 'controllerId' in source;
  const key = forController ? source.controllerId : source.alarmRef;

  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ['notifications', 'emails'] });
    const offUpdate = onRealtime('notification.updated', (e) => {
      if (forController ? e.controller_id === key : e.alarm_ref === key) refetch();
    });
    const offReconnect = onRealtime('reconnect', refetch);
    return () => {
      offUpdate();
      offReconnect();
    };
  }, [queryClient, forController, key]);

  if (emails.isPending) return <Spinner label={t('notifications.loading')} />;
  if (emails.isError) {
    return (
      <div role="alert" className="text-sm">
        <p>{t('notifications.loadError')}</p>
        <button
          type="button"
          onClick={() => void emails.refetch()}
          className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium dark:border-slate-600"
        >
          {t('notifications.retry')}
        </button>
      </div>
    );
  }
  const { data, meta } = emails.data;
  if (data.length === 0) {
    return (
      <EmptyState
        title={t('notifications.emptyTitle')}
        body={forController ? t('notifications.emptyController') : t('notifications.emptyAlarm')}
      />
    );
  }
  const caption = forController ? t('notifications.captionController') : t('notifications.caption');
  const th =
    'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-200';
  const td = 'whitespace-nowrap px-3 py-2 tabular-nums';
  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={caption}>
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t('notifications.emailAddress')}
              </th>
              {forController ? (
                <th scope="col" className={th}>
                  {t('notifications.alarm')}
                </th>
              ) : null}
              <th scope="col" className={th}>
                {t('notifications.sentAt')}
              </th>
              {EVENT_COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className={th}>
                  {t(`notifications.${label}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.map((e) => (
              <tr key={e.id}>
                <td className="whitespace-nowrap px-3 py-2">
                  {e.email}
                  {e.tier > 0 ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      {t('notifications.escalation', { tier: e.tier })}
                    </span>
                  ) : null}
                </td>
                {forController ? (
                  <td className={td}>
                    {e.alarm_ref !== null ? (
                      <Link
                        to="/alarms/$alarmMetadataRef/view"
                        params={{ alarmMetadataRef: String(e.alarm_ref) }}
                        className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                      >
                        #{e.alarm_ref}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                ) : null}
                <td className={td}>
                  <SentCell email={e} />
                </td>
                {EVENT_COLUMNS.map(([field]) => (
                  <td key={field} className={td}>
                    {formatDateTime(e[field])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {meta.last_page > 1 ? (
        <Pagination page={meta.page} lastPage={meta.last_page} total={meta.total} onPage={setPage} />
      ) : null}
    </div>
  );
}
