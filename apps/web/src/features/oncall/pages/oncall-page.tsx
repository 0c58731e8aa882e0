import type { OncallSchedule } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page.tsx';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatInZone } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { oncallKeys } from '../api/keys.ts';
import { deleteSchedule, oncallNowQuery, oncallSchedulesQuery, removeOverride } from '../api/schedules.ts';
import { EscalationPolicies } from '../components/escalation-policies.tsx';
import { OncallWeek } from '../components/oncall-week.tsx';
import { OverrideDialog } from '../components/override-dialog.tsx';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';

const DAY_MS = 86_400_000;

/** Monday 00:00 of this week in the browser's zone, `weeks` weeks on. */
function weekStart(weeks: number): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + weeks * 7);
  return d;
}

/**
 * /settings/on-call: who is on call now and next, each schedule's rota this week or next, and
 * overrides (cover a shift in two clicks, remove those of the week shown or later); schedules with
 * their layers and escalation policies with their steps are created, edited and deleted here.
 */
export function OncallPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const canEdit = userCan(user, 'oncall.edit');
  const schedules = useQuery(oncallSchedulesQuery());
  const now = useQuery(oncallNowQuery());
  // Every time on the page reads on its schedule's clock, labelled with the zone.
  const zoneOf = (id: number) =>
    schedules.data?.data.find((s) => s.id === id)?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [weeks, setWeeks] = useState(0);
  const [cover, setCover] = useState<{ schedule: OncallSchedule; from: Date; to: Date } | null>(null);
  const [editing, setEditing] = useState<OncallSchedule | 'new' | null>(null);
  const from = weekStart(weeks);
  const overrideRemoval = useApiMutation({
    mutationFn: ({ s, id }: { s: OncallSchedule; id: number }) => removeOverride(s.id, id),
    invalidates: [oncallKeys.all],
    onSuccess: () => toast.success(t('settings.oncall.overrideRemoved')),
  });
  const remove = (s: OncallSchedule, id: number) =>
    overrideRemoval.run({ s, id }).catch(() => toast.error(t('settings.oncall.removeFailed')));
  const scheduleDeletion = useApiMutation({
    mutationFn: (s: OncallSchedule) => deleteSchedule(s.id),
    invalidates: [oncallKeys.all],
    onSuccess: (_, s) => toast.success(t('settings.deleted', { name: s.name })),
  });
  const removeSchedule = (s: OncallSchedule) => scheduleDeletion.run(s);
  return (
    <SettingsLayout
      title={t('settings.sections.oncall')}
      subtitle={t('settings.sections.oncallHint')}
      actions={
        canEdit ? (
          <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
            {t('oncall.editor.new')}
          </button>
        ) : null
      }
    >
      <section aria-labelledby="oncall-now" className="mb-6">
        <h2 id="oncall-now" className="mb-2 text-base font-semibold">
          {t('settings.oncall.now')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(now.data ?? []).map((n) => (
            <li key={n.schedule.id} className={`p-4 ${cardClass}`}>
              <p className="text-sm text-slate-600 dark:text-slate-300">{n.schedule.name}</p>
              <p className="text-lg font-semibold">{n.current?.name ?? t('settings.oncall.nobody')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {n.next
                  ? t('settings.oncall.next', {
                      name: n.next.user.name,
                      at: formatInZone(n.next.starts_at, zoneOf(n.schedule.id)),
                    })
                  : t('settings.oncall.noNext')}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <fieldset className="mb-4 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('settings.oncall.week')}</legend>
        {[0, 1].map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={weeks === w}
            className={weeks === w ? primaryButton : secondaryButton}
            onClick={() => setWeeks(w)}
          >
            {w === 0 ? t('settings.oncall.thisWeek') : t('settings.oncall.nextWeek')}
          </button>
        ))}
      </fieldset>
      <QueryState pending={schedules.isPending} error={schedules.isError} onRetry={() => void schedules.refetch()}>
        {schedules.data?.data.length === 0 ? (
          <EmptyState title={t('settings.oncall.emptyTitle')} body={t('settings.oncall.emptyBody')} />
        ) : (
          <div className="space-y-6">
            {(schedules.data?.data ?? []).map((s) => {
              // The week shown and what comes after it.
              const upcoming = s.overrides.filter((o) => Date.parse(o.ends_at) > from.getTime());
              return (
                <section key={s.id} aria-labelledby={`schedule-${s.id}`} className={`space-y-3 p-4 ${cardClass}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={`schedule-${s.id}`} className="text-base font-semibold">
                      {s.name}{' '}
                      <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
                        · {s.organisation?.name ?? t('settings.oncall.shared')}
                      </span>
                    </h2>
                    {canEdit ? (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={secondaryButton}
                          onClick={() =>
                            setCover({ schedule: s, from: new Date(), to: new Date(Date.now() + DAY_MS / 2) })
                          }
                        >
                          {t('settings.oncall.addOverride')}
                        </button>
                        <button
                          type="button"
                          className={secondaryButton}
                          onClick={() => setEditing(s)}
                          aria-label={t('oncall.editor.editLabel', { name: s.name })}
                        >
                          {t('settings.edit')}
                        </button>
                        <ConfirmButton
                          label={t('oncall.editor.delete')}
                          title={t('oncall.editor.deleteTitle', { name: s.name })}
                          body={t('oncall.editor.deleteBody')}
                          destructive
                          onConfirm={() => removeSchedule(s)}
                        />
                      </div>
                    ) : null}
                  </div>
                  <OncallWeek
                    schedule={s}
                    from={from}
                    canEdit={canEdit}
                    onOverride={(period) => setCover({ schedule: s, ...period })}
                  />
                  {upcoming.length > 0 ? (
                    <div>
                      <h3 className="text-sm font-semibold">{t('settings.oncall.overrides')}</h3>
                      <ul className="mt-1 space-y-1 text-sm">
                        {upcoming.map((o) => (
                          <li key={o.id} className="flex flex-wrap items-center gap-2">
                            <span>
                              {o.user.name}: {formatInZone(o.starts_at, s.time_zone)} –{' '}
                              {formatInZone(o.ends_at, s.time_zone)}
                            </span>
                            {canEdit ? (
                              <button
                                type="button"
                                className={secondaryButton}
                                onClick={() => void remove(s, o.id)}
                                aria-label={t('settings.oncall.removeOverrideOf', { name: o.user.name })}
                              >
                                {t('settings.oncall.remove')}
                              </button>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </section>
              );
            })}
          </div>
        )}
      </QueryState>
      <EscalationPolicies canEdit={canEdit} />
      {editing ? (
        <ScheduleDialog open schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {cover ? (
        <OverrideDialog
          open
          schedule={cover.schedule}
          period={{ from: cover.from, to: cover.to }}
          onClose={() => setCover(null)}
        />
      ) : null}
    </SettingsLayout>
  );
}
