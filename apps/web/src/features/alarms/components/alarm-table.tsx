import type { AlarmSummary } from '@rcm/shared/alarms';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/badges.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { type Column, DataTable, type SortDirection } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { typeName } from '../api/get-alarm-types.ts';
import { AlarmCard } from './alarm-card.tsx';
import { AlarmListBadges, HELD_ROW, isHeld, PagedPeople } from './management-badges.tsx';

type SortKey = 'ref' | 'controller' | 'severity' | 'raised_at' | 'acknowledged_at';

/**
 * The dashboard's alarm table: the spec's columns, row selection, sorting; rows open the alarm view.
 * On a phone each alarm is a card (AlarmCard) with its acknowledge button.
 */
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
  const sortBy = (column: SortKey) => {
    const active = props.sort.replace(/^-/, '') === column;
    const desc = props.sort.startsWith('-');
    const direction: SortDirection = active ? (desc ? 'descending' : 'ascending') : 'none';
    return { direction, onSort: () => props.onSort(active && desc ? column : `-${column}`) };
  };
  const columns: Column<AlarmSummary>[] = [
    {
      key: 'select',
      header: t('dashboard.selectAll'),
      card: 'hidden',
      className: 'w-10',
      headerCell: (
        <input
          type="checkbox"
          checked={allSelected}
          onChange={(e) => props.onTogglePage(e.target.checked)}
          aria-label={t('dashboard.selectAll')}
          className="size-4"
        />
      ),
      cell: (a) => (
        <input
          type="checkbox"
          checked={props.selected.has(a.ref)}
          onChange={() => props.onToggle(a.ref)}
          aria-label={t('dashboard.selectRow', { ref: a.ref })}
          className="size-4"
        />
      ),
    },
    {
      key: 'ref',
      header: t('dashboard.ref'),
      sort: sortBy('ref'),
      className: 'font-mono',
      cell: (a) => (
        <Link to="/alarms/$alarmMetadataRef/view" params={{ alarmMetadataRef: String(a.ref) }} className={linkClass}>
          {a.ref}
        </Link>
      ),
    },
    {
      key: 'controller',
      header: t('dashboard.controller'),
      sort: sortBy('controller'),
      cell: (a) => (
        <>
          <span className="block font-medium">{a.controller.name ?? a.controller.mac_address}</span>
          <span className="block font-mono text-xs text-slate-600 dark:text-slate-300">{a.controller.mac_address}</span>
        </>
      ),
    },
    { key: 'location', header: t('dashboard.location'), cell: (a) => a.location?.name ?? '—' },
    {
      key: 'alarm',
      header: t('dashboard.alarm'),
      cell: (a) => (
        <>
          <span className="block">{typeName(a.alarm_type, i18n.language)}</span>
          <span className="flex flex-wrap items-center gap-1">
            <AlarmListBadges alarm={a} />
          </span>
          <PagedPeople alarm={a} />
        </>
      ),
    },
    {
      key: 'device',
      header: t('dashboard.deviceAddr'),
      className: 'tabular-nums',
      cell: (a) => a.device_address ?? '—',
    },
    { key: 'rack', header: t('dashboard.rackReference'), cell: (a) => a.rack_ref ?? '—' },
    {
      key: 'severity',
      header: t('dashboard.severity'),
      sort: sortBy('severity'),
      cell: (a) => <SeverityBadge severity={a.severity} />,
    },
    {
      key: 'raised',
      header: t('dashboard.alarmRaised'),
      sort: sortBy('raised_at'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (a) => formatDateTime(a.raised_at),
    },
    {
      key: 'acknowledged',
      header: t('dashboard.acknowledgedAt'),
      sort: sortBy('acknowledged_at'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (a) => formatDateTime(a.acknowledged_at),
    },
  ];
  return (
    <DataTable
      caption={t('dashboard.table')}
      columns={columns}
      rows={props.rows}
      rowKey={(a) => a.id}
      rowClassName={(a) => (isHeld(a) ? HELD_ROW : 'hover:bg-slate-50 dark:hover:bg-slate-800/60')}
      highlight={(a) => props.highlighted.has(a.ref)}
      card={(a) => <AlarmCard alarm={a} />}
    />
  );
}
