import type { OncallSchedule, OncallShift } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { dateTimeFormat } from '@/lib/intl.ts';
import { shiftsQuery } from '../api/schedules.ts';

const COLORS = ['bg-sky-800', 'bg-emerald-800', 'bg-violet-800', 'bg-amber-800', 'bg-rose-800', 'bg-teal-800'];
const DAY_MS = 86_400_000;

/**
 * One schedule's final rota over a week: a bar of shifts (for the eye) and the same shifts as a list
 * (for everyone, and on a phone). Times, days included, read in the schedule's time zone and say so. Choosing a shift offers an
 * override over it.
 */
export function OncallWeek(props: {
  schedule: OncallSchedule;
  from: Date;
  onOverride: (period: { from: Date; to: Date }) => void;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const to = new Date(props.from.getTime() + 7 * DAY_MS);
  const shifts = useQuery(shiftsQuery(props.schedule.id, props.from, to));
  const zone = props.schedule.time_zone;
  const fmt = dateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  });
  const dayFmt = dateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: zone });
  if (shifts.isPending) return <Spinner label={t('settings.loading')} />;
  if (shifts.isError) return <p role="alert">{t('settings.loadError')}</p>;
  const users = [...new Set(shifts.data.map((s) => s.user.id))];
  const color = (s: OncallShift) => COLORS[users.indexOf(s.user.id) % COLORS.length];
  const pct = (d: string) => ((Date.parse(d) - props.from.getTime()) / (7 * DAY_MS)) * 100;
  return (
    <div className="space-y-2">
      <div aria-hidden="true" className="relative h-8 overflow-hidden rounded bg-slate-100 dark:bg-slate-800">
        {shifts.data.map((s) => (
          <div
            key={`${s.user.id}-${s.starts_at}`}
            className={`absolute inset-y-0 truncate border-r border-white px-1 text-xs leading-8 text-white dark:border-slate-900 ${color(s)} ${s.source === 'override' ? 'bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,rgb(255_255_255/0.25)_4px,rgb(255_255_255/0.25)_8px)]' : ''}`}
            style={{ left: `${pct(s.starts_at)}%`, width: `${pct(s.ends_at) - pct(s.starts_at)}%` }}
          >
            {s.user.name}
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="grid grid-cols-7 text-center text-xs text-slate-600 dark:text-slate-300">
        {Array.from({ length: 7 }, (_, i) => new Date(props.from.getTime() + i * DAY_MS)).map((day) => (
          <span key={day.getTime()}>{dayFmt.format(day)}</span>
        ))}
      </div>
      {shifts.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('settings.oncall.nobodyThisWeek')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 text-sm dark:divide-slate-700"
          aria-label={t('settings.oncall.rotaOf', { name: props.schedule.name })}
        >
          {shifts.data.map((s) => (
            <li key={`${s.user.id}-${s.starts_at}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className={`size-2.5 rounded-full ${color(s)}`} aria-hidden="true" />
              <span className="font-medium">{s.user.name}</span>
              <span className="tabular-nums text-slate-700 dark:text-slate-200">
                {fmt.format(new Date(s.starts_at))} – {fmt.format(new Date(s.ends_at))}
              </span>
              {s.source === 'override' ? (
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                  {t('settings.oncall.override')}
                </span>
              ) : null}
              {props.canEdit ? (
                <button
                  type="button"
                  className={`${secondaryButton} ml-auto`}
                  onClick={() => props.onOverride({ from: new Date(s.starts_at), to: new Date(s.ends_at) })}
                  aria-label={t('settings.oncall.coverShift', {
                    name: s.user.name,
                    from: fmt.format(new Date(s.starts_at)),
                  })}
                >
                  {t('settings.oncall.cover')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.oncall.timesIn', { zone })}</p>
    </div>
  );
}
