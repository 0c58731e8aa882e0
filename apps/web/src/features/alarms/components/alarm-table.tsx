import type { AlarmSummary } from '@rcm/shared/alarms';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SeverityBadge, StatusBadge } from '../../../components/badges.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { typeName } from '../api/get-alarm-types.ts';

type SortKey = 'ref' | 'controller' | 'severity' | 'raised_at' | 'acknowledged_at';

function SortHeader(props: { label: string; column: SortKey; sort: string; onSort: (sort: string) => void }) {
  const { t } = useTranslation();
  const active = props.sort.replace(/^-/, '') === props.column;
  const desc = props.sort.startsWith('-');
  const next = active && desc ? props.column : `-${props.column}`;
  return (
    <th scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'} className="px-3 py-2 text-left">
      <button
        type="button"
        onClick={() => props.onSort(next)}
        className="inline-flex items-center gap-1 font-semibold hover:underline"
        title={t('dashboard.sortBy', { column: props.label })}
      >
        {props.label}
        <span aria-hidden="true" className="text-slate-500">
          {active ? (desc ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The dashboard's alarm table: the spec's columns, row selection, sorting; rows open the alarm view. */
export function AlarmTable(props: {
  rows: AlarmSummary[];
  sort: string;
  onSort: (sort: string) => void;
  selected: ReadonlySet<number>;
  onToggle: (ref: number) => void;
  onTogglePage: (select: boolean) => void;
  highlighted: ReadonlySet<number>;
}) {
  const { t, i18n } = useTranslation();
  const allSelected = props.rows.length > 0 && props.rows.every((r) => props.selected.has(r.ref));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{t('dashboard.table')}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) => props.onTogglePage(e.target.checked)}
                aria-label={t('dashboard.selectAll')}
                className="size-4"
              />
            </th>
            <SortHeader label={t('dashboard.ref')} column="ref" sort={props.sort} onSort={props.onSort} />
            <SortHeader label={t('dashboard.controller')} column="controller" sort={props.sort} onSort={props.onSort} />
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('dashboard.location')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('dashboard.alarm')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('dashboard.deviceAddr')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('dashboard.rackReference')}
            </th>
            <SortHeader label={t('dashboard.severity')} column="severity" sort={props.sort} onSort={props.onSort} />
            <SortHeader label={t('dashboard.alarmRaised')} column="raised_at" sort={props.sort} onSort={props.onSort} />
            <SortHeader
              label={t('dashboard.acknowledgedAt')}
              column="acknowledged_at"
              sort={props.sort}
              onSort={props.onSort}
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {props.rows.map((a) => (
            <tr
              key={a.id}
              className={`hover:bg-slate-50 dark:hover:bg-slate-800/60 ${props.highlighted.has(a.ref) ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
            >
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  checked={props.selected.has(a.ref)}
                  onChange={() => props.onToggle(a.ref)}
                  aria-label={t('dashboard.selectRow', { ref: a.ref })}
                  className="size-4"
                />
              </td>
              <td className="px-3 py-2 font-mono">
                <Link
                  to="/alarms/$alarmMetadataRef/view"
                  params={{ alarmMetadataRef: String(a.ref) }}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {a.ref}
                </Link>
              </td>
              <td className="px-3 py-2">
                <span className="block font-medium">{a.controller.name ?? a.controller.mac_address}</span>
                <span className="block font-mono text-xs text-slate-600 dark:text-slate-300">
                  {a.controller.mac_address}
                </span>
              </td>
              <td className="px-3 py-2">{a.location?.name ?? '—'}</td>
              <td className="px-3 py-2">
                <span className="block">{typeName(a.alarm_type, i18n.language)}</span>
                <StatusBadge status={a.status} />
                {a.occurrences > 1 ? (
                  <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">×{a.occurrences}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 tabular-nums">{a.device_address ?? '—'}</td>
              <td className="px-3 py-2">{a.rack_ref ?? '—'}</td>
              <td className="px-3 py-2">
                <SeverityBadge severity={a.severity} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDateTime(a.raised_at)}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDateTime(a.acknowledged_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
