import type { AlarmStats } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { OpenJobsTile } from '../../jobs/components/open-jobs-tile.tsx';

export type TileKey = 'active' | 'acknowledged' | 'cleared' | 'warranty';

/** The stat tiles of the dashboard; a click filters the table to that tile. */
export function StatTiles(props: {
  stats: AlarmStats | undefined;
  selected: TileKey | null;
  onSelect: (tile: TileKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  const tiles: { key: TileKey; label: string; value: number | undefined; accent: string }[] = [
    { key: 'active', label: t('dashboard.active'), value: props.stats?.active, accent: 'border-l-red-600' },
    {
      key: 'acknowledged',
      label: t('dashboard.acknowledged'),
      value: props.stats?.acknowledged,
      accent: 'border-l-amber-500',
    },
    { key: 'cleared', label: t('dashboard.cleared'), value: props.stats?.cleared, accent: 'border-l-emerald-600' },
    {
      key: 'warranty',
      label: t('dashboard.warrantyActive'),
      value: props.stats?.warranty_active,
      accent: 'border-l-violet-600',
    },
  ];
  return (
    <section aria-label={t('dashboard.tiles')} className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {tiles.map((tile) => (
        <button
          key={tile.key}
          type="button"
          aria-pressed={props.selected === tile.key}
          onClick={() => props.onSelect(tile.key)}
          className={`rounded-lg border border-l-4 border-slate-200 bg-white p-4 text-left shadow-sm aria-pressed:ring-2 aria-pressed:ring-blue-600 dark:border-slate-700 dark:bg-slate-900 ${tile.accent}`}
        >
          <span className="block text-sm font-medium text-slate-600 dark:text-slate-300">{tile.label}</span>
          <span className="mt-1 block text-2xl font-semibold tabular-nums">
            {tile.value === undefined ? '…' : fmt.format(tile.value)}
          </span>
        </button>
      ))}
      <OpenJobsTile label={t('dashboard.zuperJobs')} />
    </section>
  );
}
