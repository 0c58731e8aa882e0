import type { RefrigerantEvent } from '@rcm/shared/refrigerant';
import { toKg } from '@rcm/shared/units';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, formatMass, formatNumber } from '../../../lib/format.ts';

const th = 'px-3 py-2 text-left font-semibold';
const td = 'px-3 py-2 align-top';

/** The refrigerant log, newest first; corrected entries are struck through and say which entry corrects them. */
export function EventLog(props: { events: RefrigerantEvent[]; rackRef: string }) {
  const { t } = useTranslation();
  if (props.events.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('refrigerant.noEntries')}</p>;
  const result = (e: RefrigerantEvent) =>
    [
      e.result ? t(`refrigerant.result_${e.result}`) : null,
      e.test_kind ? t(`refrigerant.testKind_${e.test_kind}`) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{t('refrigerant.log')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className={th}>
              {t('refrigerant.at')}
            </th>
            <th scope="col" className={th}>
              {t('refrigerant.type')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('refrigerant.amount')}
            </th>
            <th scope="col" className={th}>
              {t('refrigerant.leakRate')}
            </th>
            <th scope="col" className={th}>
              {t('refrigerant.technician')}
            </th>
            <th scope="col" className={th}>
              {t('refrigerant.details')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {props.events.map((e) => {
            const corrected = e.corrected_by_event_id !== null;
            return (
              <tr key={e.id} className={corrected ? 'text-slate-600 dark:text-slate-400' : undefined}>
                <td className={td}>
                  <span className={corrected ? 'line-through' : undefined}>{formatDateTime(e.at)}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {t('refrigerant.entryNumber', { id: e.id })}
                  </span>
                </td>
                <td className={td}>
                  {t(`refrigerant.type_${e.type}`)}
                  {result(e) ? <span className="block text-xs">{result(e)}</span> : null}
                </td>
                <td className={`${td} text-right tabular-nums`}>{e.amount ? formatMass(toKg(e.amount)) : '—'}</td>
                <td className={td}>
                  {e.leak_rate_percent !== null && e.leak_rate_days !== null
                    ? t('refrigerant.leakRateDetail', {
                        rate: formatNumber(e.leak_rate_percent, 2),
                        days: e.leak_rate_days,
                      })
                    : '—'}
                  {e.repair_due_by ? (
                    <strong className="block text-red-800 dark:text-red-300">
                      {t('refrigerant.repairDueBy', { date: formatDay(e.repair_due_by) })}
                    </strong>
                  ) : null}
                </td>
                <td className={td}>
                  {e.technician}
                  {e.certification_number ? <span className="block text-xs">{e.certification_number}</span> : null}
                </td>
                <td className={td}>
                  <ul className="space-y-0.5 text-xs">
                    {corrected ? (
                      <li className="font-semibold">{t('refrigerant.correctedBy', { id: e.corrected_by_event_id })}</li>
                    ) : null}
                    {e.corrects_event_id !== null ? (
                      <li>{t('refrigerant.correctsEntry', { id: e.corrects_event_id })}</li>
                    ) : null}
                    {e.leak_location ? <li>{`${t('refrigerant.leakLocation')}: ${e.leak_location}`}</li> : null}
                    {e.job ? <li>{`${t('refrigerant.job')}: ${e.job.number}`}</li> : null}
                    {e.notes ? <li className="whitespace-pre-wrap">{e.notes}</li> : null}
                    {e.created_by ? <li>{t('refrigerant.loggedBy', { name: e.created_by })}</li> : null}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
