import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mailNotWorking, mailSettingsQuery } from '@/features/notifications/api/mail-settings.ts';

/**
 * For administrators of the installation: no email leaves it (no mail server, or the server gave up
 * on the last message), so alarm emails, invitations and purchase orders are not reaching anyone.
 */
export function MailBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(mailSettingsQuery());
  const state = data ? mailNotWorking(data) : null;
  if (!data || !state) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p>
          <strong className="font-semibold">{t('mailBanner.title')}</strong>{' '}
          {state === 'none' ? t('mailBanner.none') : t('mailBanner.failing', { error: data.last_failure?.error ?? '' })}{' '}
          <Link to="/settings/email" className="font-medium underline underline-offset-2">
            {t('mailBanner.link')}
          </Link>
        </p>
      </div>
    </div>
  );
}
