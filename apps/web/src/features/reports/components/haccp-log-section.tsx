import { formatDuration } from '@rcm/shared/duration';
import type { HaccpAction, HaccpEntry } from '@rcm/shared/haccp';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { Section } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDay, formatInZone } from '@/lib/format.ts';
import { userCan } from '@/lib/user-can.ts';
import { haccpEntriesQuery, haccpExcursionsQuery } from '../api/haccp-log.ts';
import type { ReportFilters } from '../api/reports.ts';
import { haccpCaseLabel } from './haccp-bars.ts';
import { EntryDialog, type Target, targetKey, warningBox } from './haccp-entry-dialog.tsx';
import { SignatureBlock } from './haccp-signature-block.tsx';

/** What a sign-off records of the period's excursions when it was signed (null: not kept for it). */
function atSigning(s: HaccpEntry, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (s.excursions === null || s.excursions_without_action === null) return null;
  if (s.excursions === 0) return t('reports.haccp.log.atSigningNone');
  if (s.excursions_without_action === 0) return t('reports.haccp.log.atSigningAll', { count: s.excursions });
  return t('reports.haccp.log.atSigningOpen', { open: s.excursions_without_action, count: s.excursions });
}

/** Who did what and when; a signed entry shows it cannot change and offers a correction instead. */
function ActionItem(props: { action: HaccpAction; timeZone: string; canCorrect: boolean; onCorrect: () => void }) {
  const { t } = useTranslation();
  const a = props.action;
  return (
    <li
      className="rounded border border-slate-200 p-2 dark:border-slate-700"
      data-testid={`haccp-action-${a.source}-${a.id}`}
    >
      <p>{a.text}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {a.source === 'alarm'
          ? t('reports.haccp.log.fromAlarm', {
              ref: a.id,
              who: a.author_name ?? '—',
              at: formatInZone(a.taken_at, props.timeZone),
            })
          : t('reports.haccp.log.byWhom', {
              id: a.id,
              who: a.author_name ?? '—',
              at: formatInZone(a.taken_at, props.timeZone),
            })}
        {a.corrects_id !== null ? ` · ${t('reports.haccp.log.corrects', { id: a.corrects_id })}` : ''}
        {a.corrected_by_id !== null ? ` · ${t('reports.haccp.log.correctedBy', { id: a.corrected_by_id })}` : ''}
      </p>
      {a.source === 'log' ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {t('reports.haccp.log.locked')}
          </span>
          {props.canCorrect && a.corrected_by_id === null ? (
            <button type="button" className={`${secondaryButton} px-2! py-1! text-xs!`} onClick={props.onCorrect}>
              {t('reports.haccp.log.correct')}
            </button>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Under the hourly log: every excursion of the range with its corrective actions (recorded here or
 * in the case's alarm notes) and, for one location, the responsible person's sign-off of the period.
 */
export function HaccpLogSection(props: { filters: ReportFilters }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [signPage, setSignPage] = useState(1);
  const [target, setTarget] = useState<Target | null>(null);
  const range = { from: props.filters.from, to: props.filters.to, location_id: props.filters.location_id };
  const excursions = useQuery(haccpExcursionsQuery(range, page));
  const signOffs = useQuery(haccpEntriesQuery(range, 'sign_off', signPage));
  const canAct = userCan(user, 'haccp.correctiveAction');
  const canSign = userCan(user, 'haccp.signOff');
  const locationId = props.filters.location_id;
  const summary = excursions.data?.summary;
  const open = summary && summary.without_action > 0 ? summary : null;
  return (
    <>
      <Section title={t('reports.haccp.log.excursionsTitle')} id="haccp-excursions">
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('reports.haccp.log.excursionsIntro')}</p>
        {open ? (
          <p className={`mb-3 ${warningBox}`} data-testid="haccp-open-summary">
            {t('reports.haccp.log.openSummary', { open: open.without_action, count: open.excursions })}
          </p>
        ) : null}
        {excursions.data?.data.length === 0 ? <p className="text-sm">{t('reports.haccp.log.noExcursions')}</p> : null}
        <ol className="space-y-3">
          {(excursions.data?.data ?? []).map((e) => (
            <li
              key={`${e.controller_id}-${e.point}-${e.start}`}
              className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold">
                    {e.location_name} · {e.controller_name} · {haccpCaseLabel(e, t)}
                  </p>
                  <p className="text-slate-700 dark:text-slate-200">
                    {t('reports.haccp.log.span', {
                      start: formatInZone(e.start, e.timezone),
                      end: formatInZone(e.end, e.timezone),
                      duration: formatDuration(e.hours * 3600, i18next.language),
                      peak: `${e.peak} ${e.unit}`,
                    })}
                  </p>
                </div>
                {canAct ? (
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => setTarget({ kind: 'corrective_action', excursion: e })}
                  >
                    {t('reports.haccp.log.addAction')}
                  </button>
                ) : null}
              </div>
              <h3 className="mt-2 text-xs font-semibold uppercase text-slate-600 dark:text-slate-300">
                {t('reports.haccp.log.actions')}
              </h3>
              {e.actions.length === 0 ? (
                <p className="text-red-800 dark:text-red-300">{t('reports.haccp.log.noAction')}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {e.actions.map((a) => (
                    <ActionItem
                      key={`${a.source}-${a.id}`}
                      action={a}
                      timeZone={e.timezone}
                      canCorrect={canAct}
                      onCorrect={() => setTarget({ kind: 'corrective_action', excursion: e, corrects: a })}
                    />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
        {excursions.data ? <Pagination meta={excursions.data.meta} onPage={setPage} /> : null}
      </Section>
      <Section title={t('reports.haccp.log.signOffTitle')} id="haccp-sign-off">
        {locationId === undefined ? (
          <p className="text-sm">{t('reports.haccp.log.chooseLocation')}</p>
        ) : (
          <>
            {signOffs.data?.data.length === 0 ? <p className="text-sm">{t('reports.haccp.log.notSigned')}</p> : null}
            <ul className="space-y-2 text-sm">
              {(signOffs.data?.data ?? []).map((s) => (
                <li
                  key={s.id}
                  className="rounded border border-slate-200 p-2 dark:border-slate-700"
                  data-testid={`haccp-sign-off-${s.id}`}
                >
                  <p className="font-semibold">
                    {t('reports.haccp.log.signedBy', {
                      who: s.author_name,
                      at:
                        formatDay(s.from) === formatDay(s.to)
                          ? formatDay(s.from)
                          : `${formatDay(s.from)} – ${formatDay(s.to)}`,
                      // The reader's own zone, named: a sign-off is not tied to one case's place.
                      when: formatInZone(s.taken_at, Intl.DateTimeFormat().resolvedOptions().timeZone),
                    })}
                  </p>
                  {s.text ? <p>{s.text}</p> : null}
                  <SignatureBlock entry={s} />
                  {atSigning(s, t) ? (
                    <p className={s.excursions_without_action ? 'text-red-800 dark:text-red-300' : undefined}>
                      {atSigning(s, t)}
                    </p>
                  ) : null}
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                    <span>{t('reports.haccp.log.entry', { id: s.id })}</span>
                    {s.corrects_id !== null ? (
                      <span>{t('reports.haccp.log.corrects', { id: s.corrects_id })}</span>
                    ) : null}
                    {s.corrected_by_id !== null ? (
                      <span>{t('reports.haccp.log.correctedBy', { id: s.corrected_by_id })}</span>
                    ) : null}
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                      {t('reports.haccp.log.locked')}
                    </span>
                    {canSign && s.corrected_by_id === null ? (
                      <button
                        type="button"
                        className={`${secondaryButton} px-2! py-1! text-xs!`}
                        onClick={() =>
                          setTarget({
                            kind: 'sign_off',
                            location_id: s.location_id,
                            from: s.from ?? '',
                            to: s.to ?? '',
                            corrects: s,
                          })
                        }
                      >
                        {t('reports.haccp.log.correct')}
                      </button>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
            {signOffs.data ? <Pagination meta={signOffs.data.meta} onPage={setSignPage} /> : null}
            {canSign && open ? (
              <p className={`mt-3 ${warningBox}`}>
                {t('reports.haccp.log.signOpen', { open: open.without_action, count: open.excursions })}
              </p>
            ) : null}
            {canSign ? (
              <button
                type="button"
                className={`${secondaryButton} mt-3`}
                // Offered once the period's excursions are known: the dialog warns of those without action.
                disabled={!summary}
                onClick={() =>
                  setTarget({
                    kind: 'sign_off',
                    location_id: locationId,
                    from: props.filters.from,
                    to: props.filters.to,
                    excursions: summary,
                  })
                }
              >
                {t('reports.haccp.log.signButton')}
              </button>
            ) : null}
          </>
        )}
      </Section>
      {target ? <EntryDialog key={targetKey(target)} target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
