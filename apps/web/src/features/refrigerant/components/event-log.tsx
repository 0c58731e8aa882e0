import type { RefrigerantEvent } from '@rcm/shared/refrigerant';
import { toKg } from '@rcm/shared/units';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime, formatDay, formatMass, formatNumber } from '@/lib/format.ts';

const corrected = (e: RefrigerantEvent) => e.corrected_by_event_id !== null;

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
    <DataTable
      caption={t('refrigerant.log')}
      rows={props.events}
      rowKey={(e) => e.id}
      rowClassName={(e) => (corrected(e) ? 'text-slate-600 dark:text-slate-400' : '')}
      columns={[
        {
          key: 'at',
          header: t('refrigerant.at'),
          className: 'align-top',
          cell: (e) => (
            <>
              <span className={corrected(e) ? 'line-through' : undefined}>{formatDateTime(e.at)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {t('refrigerant.entryNumber', { id: e.id })}
              </span>
            </>
          ),
        },
        {
          key: 'type',
          header: t('refrigerant.type'),
          className: 'align-top',
          cell: (e) => (
            <>
              {t(`refrigerant.type_${e.type}`)}
              {result(e) ? <span className="block text-xs">{result(e)}</span> : null}
            </>
          ),
        },
        {
          key: 'amount',
          header: t('refrigerant.amount'),
          headerClassName: 'text-right',
          className: 'align-top text-right tabular-nums',
          cell: (e) => (e.amount ? formatMass(toKg(e.amount)) : '—'),
        },
        {
          key: 'leak-rate',
          header: t('refrigerant.leakRate'),
          className: 'align-top',
          cell: (e) => (
            <>
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
            </>
          ),
        },
        {
          key: 'technician',
          header: t('refrigerant.technician'),
          className: 'align-top',
          cell: (e) => (
            <>
              {e.technician}
              {e.certification_number ? <span className="block text-xs">{e.certification_number}</span> : null}
            </>
          ),
        },
        {
          key: 'details',
          header: t('refrigerant.details'),
          className: 'align-top',
          cell: (e) => (
            <ul className="space-y-0.5 text-xs">
              {corrected(e) ? (
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
          ),
        },
      ]}
    />
  );
}
