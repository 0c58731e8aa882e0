import type { Webhook, WebhookAttempt, WebhookDelivery } from '@rcm/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { dateTimeFormat } from '@/lib/intl.ts';
import { webhookDeliveriesQuery } from '../api/webhooks.ts';

// To the second: a failed delivery's retries are 30 s apart at first.
const when = (iso: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** A webhook's deliveries, newest first: event, status, attempts, and the latest answer. */
export function DeliveryLog(props: { webhook: Webhook; locale: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(webhookDeliveriesQuery(props.webhook.id, page));
  const w = (key: string) => t(`settings.webhooks.${key}`);
  const last = (d: WebhookDelivery) => d.attempt_log[0];
  return (
    <>
      <DataTable
        caption={w('logTable')}
        rows={query.data?.data ?? []}
        rowKey={(d) => d.id}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={w('logEmptyTitle')}
        emptyBody={w('logEmpty')}
        columns={[
          {
            key: 'at',
            header: w('time'),
            className: 'align-top whitespace-nowrap',
            cell: (d) => when(last(d)?.at ?? d.created_at, props.locale),
          },
          {
            key: 'event',
            header: w('event'),
            className: 'align-top',
            cell: (d) =>
              `${t(`settings.webhooks.eventNames.${d.event.replace(/^(alarm|webhook)\./, '')}`)}${d.alarm_ref ? ` · #${d.alarm_ref}` : ''}`,
          },
          {
            key: 'status',
            header: w('status'),
            className: 'align-top',
            cell: (d) => t(`settings.webhooks.statuses.${d.status}`),
          },
          { key: 'attempt', header: w('attempt'), className: 'align-top tabular-nums', cell: (d) => d.attempts },
          {
            key: 'code',
            header: w('code'),
            className: 'align-top tabular-nums',
            cell: (d) => last(d)?.status_code ?? '—',
          },
          {
            key: 'error',
            header: w('error'),
            className: 'align-top break-words',
            cell: (d) => {
              const attempt = last(d);
              return attempt ? attemptReason(attempt, t) : '';
            },
          },
        ]}
      />
      <ListPagination meta={query.data?.meta} onPage={setPage} />
    </>
  );
}

/** Why an attempt failed, in the reader's language, with the receiver's or the network's own words quoted. */
export function attemptReason(a: WebhookAttempt, t: TFunction): string {
  switch (a.error_code) {
    case null:
      return '';
    case 'status':
      return a.error
        ? t('settings.webhooks.reasons.statusSaid', { code: a.status_code, said: a.error })
        : t('settings.webhooks.reasons.status', { code: a.status_code });
    case 'network':
      return t('settings.webhooks.reasons.network', { said: a.error ?? '' });
    default:
      return t(`settings.webhooks.reasons.${a.error_code}`);
  }
}
