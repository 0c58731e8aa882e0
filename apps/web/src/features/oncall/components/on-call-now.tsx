import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { linkClass } from '@/components/ui/button.ts';
import { LabelledSection } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatInZone } from '@/lib/format.ts';
import { userCan } from '@/lib/user-can.ts';
import { oncallNowQuery } from '../api/schedules.ts';

/**
 * The dashboard's "On call now": per schedule the caller may see (their organization's and the
 * service company's), who an alarm pages now and who comes next. No schedule: nothing shown.
 */
export function OnCallNow() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = userCan(user, 'oncall.view');
  const now = useQuery({ ...oncallNowQuery(), enabled: allowed });
  if (!allowed || !now.data || now.data.length === 0) return null;
  return (
    <LabelledSection
      id="on-call-now-title"
      title={t('oncall.onCallNow')}
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      headingClassName="font-semibold"
      headerClassName="flex flex-wrap items-baseline justify-between gap-2"
      actions={
        userCan(user, 'settings.view') ? (
          <Link to="/settings/on-call" className={`text-sm ${linkClass}`}>
            {t('oncall.onCallManage')}
          </Link>
        ) : null
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('oncall.onCallNowHint')}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {now.data.map((n) => (
          <li key={n.schedule.id} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
            <p className="text-sm text-slate-600 dark:text-slate-300">{n.schedule.name}</p>
            <p className="font-semibold">{n.current?.name ?? t('oncall.onCallNobody')}</p>
            {n.next ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t('oncall.onCallNext', {
                  name: n.next.user.name,
                  // Where the reader is, with the zone's name (the schedules' own zones are on the on-call page).
                  at: formatInZone(n.next.starts_at, Intl.DateTimeFormat().resolvedOptions().timeZone),
                })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
