import type { AlarmStats } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { StatTile, type TileAccent } from '@/components/ui/stat-tile.tsx';
import { OpenJobsTile } from '@/features/jobs/index.ts';
import { numberFormat } from '@/lib/intl.ts';

export type TileKey = 'active' | 'acknowledged' | 'cleared' | 'warranty';

/** The stat tiles of the dashboard; a click filters the table to that tile. `compact` on a phone. */
export function StatTiles(props: {
  stats: AlarmStats | undefined;
  selected: TileKey | null;
  onSelect: (tile: TileKey) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const tiles: { key: TileKey; label: string; value: number | undefined; accent: TileAccent }[] = [
    { key: 'active', label: t('dashboard.active'), value: props.stats?.active, accent: 'red' },
    { key: 'acknowledged', label: t('dashboard.acknowledged'), value: props.stats?.acknowledged, accent: 'amber' },
    { key: 'cleared', label: t('dashboard.cleared'), value: props.stats?.cleared, accent: 'emerald' },
    { key: 'warranty', label: t('dashboard.warrantyActive'), value: props.stats?.warranty_active, accent: 'violet' },
  ];
  return (
    <section
      aria-label={t('dashboard.tiles')}
      className={props.compact ? 'grid grid-cols-3 gap-2' : 'grid grid-cols-2 gap-3 md:grid-cols-5'}
    >
      {tiles.map((tile) => (
        <StatTile
          key={tile.key}
          label={tile.label}
          value={tile.value === undefined ? '…' : fmt.format(tile.value)}
          accent={tile.accent}
          compact={props.compact}
          pressed={props.selected === tile.key}
          onClick={() => props.onSelect(tile.key)}
        />
      ))}
      <OpenJobsTile compact={props.compact} />
    </section>
  );
}
