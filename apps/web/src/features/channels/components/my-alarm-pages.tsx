import type { MyAlarmPage } from '@rcm/shared/channels';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { myAlarmPagesQuery } from '../api/channels.ts';

function LinkCell(props: { ack: MyAlarmPage['ack'] }) {
  const { t } = useTranslation();
  const ack = props.ack;
  if (!ack) return <span>—</span>;
  if (ack.state === 'used') return <span>{t('channels.mine.used')}</span>;
  if (ack.state === 'expired') return <span>{t('channels.mine.expired')}</span>;
  if (!ack.token) return <span>{t('channels.mine.withheld')}</span>;
  return (
    <div className="space-y-2">
      <Link to="/a/$token" params={{ token: ack.token }} className={linkClass}>
        {t('channels.mine.open')}
      </Link>
      <CopyField label={t('channels.mine.copy')} value={`${window.location.origin}/a/${ack.token}`} />
    </div>
  );
}

/**
 * The alarm view's "What reached you": the signed-in person's own emails and pages of the alarm, each
 * email with its one-tap acknowledge link (the server gives a person only their own), kept live.
 */
export function MyAlarmPages(props: { alarmRef: number }) {
  const { t } = useTranslation();
  const mine = useQuery(myAlarmPagesQuery(props.alarmRef));
  useLiveQuery(myAlarmPagesQuery(props.alarmRef).queryKey, {
    'notification.updated': (e) => e.alarm_ref === props.alarmRef,
    'alarm.updated': (a) => a.ref === props.alarmRef,
  });
  if (mine.isPending) return <Spinner label={t('channels.mine.loading')} />;
  if (mine.isError) return <p role="alert">{t('channels.mine.error')}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('channels.mine.hint')}</p>
      {mine.data.length === 0 ? (
        <p className="text-sm">{t('channels.mine.empty')}</p>
      ) : (
        <ul aria-label={t('channels.mine.caption')} className="divide-y divide-slate-200 dark:divide-slate-700">
          {mine.data.map((p) => (
            <li key={p.id} className="space-y-2 py-3 text-sm">
              <p>
                <span className="font-medium">{t(`oncall.channels.${p.channel}`)}</span>
                {' · '}
                <span className="tabular-nums">{formatDateTime(p.at)}</span>
                {' · '}
                {p.status === 'not_sent' ? t('notifications.notSent') : t(`oncall.statuses.${p.status}`)}
              </p>
              {p.channel === 'email' ? <LinkCell ack={p.ack} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
