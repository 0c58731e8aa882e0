import type { EmailNotification } from '@rcm/shared/notifications';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';

const EVENTS = ['delivered_at', 'opened_at', 'rejected_at', 'soft_bounced_at', 'bounced_at', 'spam_at'] as const;

/** The emails that sent an order to its supplier, with their delivery status (Mandrill events when configured). */
export function OrderEmails(props: { emails: EmailNotification[] }) {
  const { t } = useTranslation();
  if (props.emails.length === 0) return null;
  return (
    <section aria-labelledby="order-emails-title">
      <h3 id="order-emails-title" className="font-semibold">
        {t('inventory.orders.emails')}
      </h3>
      <ul className="mt-2 space-y-1">
        {props.emails.map((e) => {
          const events = EVENTS.filter((k) => e[k] !== null).map(
            (k) => `${t(`inventory.orders.emailEvents.${k}`)} ${formatDateTime(e[k])}`,
          );
          return (
            <li key={e.id} className="rounded border border-slate-200 p-2 dark:border-slate-700">
              <span className="font-medium">{t('inventory.orders.emailTo')}:</span> {e.email} ·{' '}
              <span className="font-medium">{t('inventory.orders.emailStatus')}:</span>{' '}
              {t(`inventory.orders.emailStatuses.${e.status}`)}
              {e.sent_at ? ` ${formatDateTime(e.sent_at)}` : ''}
              {events.length > 0 ? ` · ${events.join(' · ')}` : ''}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
