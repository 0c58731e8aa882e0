import type { AckLinkView } from '@rcm/shared/channels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard, Notice } from '@/components/auth-card.tsx';
import { SeverityBadge, StatusBadge } from '@/components/badges.tsx';
import { Spinner } from '@/components/page.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { RootError } from '@/components/ui/form.tsx';
import { ApiError, api, failureMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime, formatRelative, reasonText } from '@/lib/format.ts';
import { setLocale } from '@/lib/i18n.ts';
import { channelKeys } from '../api/keys.ts';

const linkQuery = (token: string) => ({
  queryKey: channelKeys.ackLink(token),
  queryFn: () => api<{ data: AckLinkView }>(`ack-links/${encodeURIComponent(token)}`).then((r) => r.data),
  retry: false,
});

/** Why a link shows no Acknowledge button: its error's sentence. */
function refusal(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError && err.status === 404) return t('channels.ack.invalid');
  if (err instanceof ApiError && err.status === 403) return t('channels.ack.forbidden');
  return failureMessage(err, t('errors.network'));
}

/**
 * /a/{token}: one-tap acknowledge from an email, SMS or push. No sign-in: the link stands for the
 * person it was sent to; the page shows the alarm and one button.
 */
export function AckPage() {
  const { t, i18n } = useTranslation();
  const { token } = useParams({ from: '/a/$token' });
  const auth = useAuth();
  const queryClient = useQueryClient();
  const link = useQuery(linkQuery(token));
  const acknowledge = useMutation({
    mutationFn: () =>
      api<{ data: AckLinkView }>(`ack-links/${encodeURIComponent(token)}`, { method: 'POST' }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(linkQuery(token).queryKey, data),
    onError: () => void link.refetch(),
  });
  const locale = link.data?.user.locale;
  const signedIn = auth.loaded && auth.authenticated;

  // Signed out, the page speaks the language of the person the link was sent to.
  useEffect(() => {
    if (locale && !signedIn) void setLocale(locale);
  }, [locale, signedIn]);

  const alarm = link.data?.alarm;
  const title = alarm
    ? t('channels.ack.title', { ref: alarm.ref })
    : link.isError
      ? t('channels.ack.invalidTitle')
      : t('channels.ack.loadingTitle');
  const done = acknowledge.isSuccess || (link.data?.used_at != null && alarm?.status !== 'active');

  return (
    <AuthCard title={title} subtitle={link.data ? t('channels.ack.for', { name: link.data.user.name }) : undefined}>
      {link.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : link.isError ? (
        <p className="text-sm">{refusal(link.error, t)}</p>
      ) : alarm ? (
        <div className="space-y-5">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{t('dashboard.severity')}</dt>
            <dd>
              <SeverityBadge severity={alarm.severity} />
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">{t('channels.ack.status')}</dt>
            <dd>
              <StatusBadge status={alarm.status} />
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">{t('channels.ack.what')}</dt>
            <dd>
              <span className="font-medium">
                {i18n.language.startsWith('es') ? alarm.alarm_type.name_es : alarm.alarm_type.name}
              </span>
              <span className="block">{reasonText(alarm, i18n.language)}</span>
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">{t('channels.ack.where')}</dt>
            <dd>
              {alarm.location?.name ?? '—'}
              <span className="block text-slate-600 dark:text-slate-300">
                {alarm.controller.name ?? alarm.controller.mac_address}
              </span>
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">{t('channels.ack.since')}</dt>
            <dd>
              {formatDateTime(alarm.raised_at)}
              <span className="block text-slate-600 dark:text-slate-300">{formatRelative(alarm.raised_at)}</span>
            </dd>
          </dl>
          {done ? (
            <Notice>{acknowledge.isSuccess ? t('channels.ack.done') : t('channels.ack.used')}</Notice>
          ) : alarm.status !== 'active' ? (
            <p className="text-sm">{t(`channels.ack.already_${alarm.status}`)}</p>
          ) : link.data?.used_at != null ? (
            <p className="text-sm">{t('channels.ack.used')}</p>
          ) : (
            <>
              <RootError message={acknowledge.isError ? refusal(acknowledge.error, t) : undefined} />
              <button
                type="button"
                className={`${primaryButton} w-full justify-center`}
                disabled={acknowledge.isPending}
                onClick={() => acknowledge.mutate()}
              >
                {acknowledge.isPending ? t('channels.ack.submitting') : t('channels.ack.submit')}
              </button>
            </>
          )}
          <p className="text-sm">
            {signedIn ? (
              <Link
                to="/alarms/$alarmMetadataRef/view"
                params={{ alarmMetadataRef: String(alarm.ref) }}
                className={linkClass}
              >
                {t('channels.ack.open')}
              </Link>
            ) : (
              <Link to="/user/login" search={{ redirect: `/alarms/${alarm.ref}/view` }} className={linkClass}>
                {t('channels.ack.signIn')}
              </Link>
            )}
          </p>
        </div>
      ) : null}
    </AuthCard>
  );
}
