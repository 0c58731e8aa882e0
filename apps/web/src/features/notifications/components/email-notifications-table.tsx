import type { EmailNotification } from '@rcm/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { notificationKeys } from '../api/keys.ts';
import { type EmailSource, emailNotificationsQuery } from '../api/notifications.ts';

const td = 'whitespace-nowrap tabular-nums';

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
  // Without a mail server a message is kept and never sent: say so, never "queued" forever.
  const label =
    e.status === 'not_sent'
      ? t('notifications.notSent')
      : failed
        ? t('notifications.failed')
        : t('notifications.queued');
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${failed ? 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-100' : 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100'}`}
    >
      {label}
    </span>
  );
}

/**
 * The emails of an alarm (its view's "Email Notifications") or of a controller's alarms (its
 * "Notifications" tab), with their delivery events; refetched live on `notification.updated`.
 */
export function EmailNotificationsTable(props: { source: EmailSource }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { source } = props;
  const emails = useQuery(emailNotificationsQuery(source, page));
  const forController = 'controllerId' in source;
  const key = forController ? source.controllerId : source.alarmRef;

  useLiveQuery(notificationKeys.emails, {
    'notification.updated': (e) => (forController ? e.controller_id === key : e.alarm_ref === key),
  });

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
  return (
    <div className="space-y-3">
      <DataTable
        caption={caption}
        rows={data}
        rowKey={(e) => e.id}
        columns={[
          {
            key: 'email',
            header: t('notifications.emailAddress'),
            className: 'whitespace-nowrap',
            cell: (e) => (
              <>
                <span className="break-all">{e.email}</span>
                {e.step !== null ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    {t('oncall.policies.step', { n: e.step })}
                  </span>
                ) : null}
              </>
            ),
          },
          ...(forController
            ? [
                {
                  key: 'alarm',
                  header: t('notifications.alarm'),
                  className: td,
                  cell: (e: EmailNotification) =>
                    e.alarm_ref !== null ? (
                      <Link
                        to="/alarms/$alarmMetadataRef/view"
                        params={{ alarmMetadataRef: String(e.alarm_ref) }}
                        className={linkClass}
                      >
                        #{e.alarm_ref}
                      </Link>
                    ) : (
                      '—'
                    ),
                },
              ]
            : []),
          { key: 'sent', header: t('notifications.sentAt'), className: td, cell: (e) => <SentCell email={e} /> },
          ...EVENT_COLUMNS.map(([field, label]) => ({
            key: field,
            header: t(`notifications.${label}`),
            className: td,
            cell: (e: EmailNotification) => formatDateTime(e[field]),
          })),
        ]}
      />
      {meta.last_page > 1 ? <Pagination meta={meta} onPage={setPage} /> : null}
    </div>
  );
}
