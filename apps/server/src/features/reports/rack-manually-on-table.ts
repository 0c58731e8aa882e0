import { formatDuration } from '@rcm/shared/duration';
import type { Locale } from '@rcm/shared/locale';
import type { ManualOnEpisode, ManualOnNow, RackManuallyOnReport } from '@rcm/shared/reports';
import { type Cell, columnsOf, type Table } from './export.ts';
import type { ExportFrame } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

/** Where a point is: organization, location, controller, rack and point, by name where it has one. */
const pointCells = (p: ManualOnNow): Cell[] => [
  p.organization_name,
  p.location_name,
  p.controller_name,
  p.rack_name ?? p.rack_ref,
  p.point_name ?? p.point,
];

/** The racks-manually-on export: the points on now and the time per location, then every period. */
export function rackManuallyOnTable(
  summary: RackManuallyOnReport['summary'],
  episodes: ManualOnEpisode[],
  f: ExportFrame,
  locale: Locale,
): Table {
  const l = EXPORT_LABELS[locale];
  return {
    title: l.manual.title,
    ...f.heading,
    facts: [
      { label: l.manual.nowCount, value: String(summary.now.length) },
      { label: l.manual.episodes, value: String(summary.episodes) },
      { label: l.manual.timeInRange, value: formatDuration(summary.seconds_in_range, locale) },
    ],
    summary: [
      {
        heading: l.manual.now,
        columns: columnsOf(
          l.manual.nowCols,
          (i) => i === 6,
          (i) => (i === 6 ? 'duration' : undefined),
        ),
        rows: summary.now.map((n) => [...pointCells(n), f.at(n.since, n.location_id), n.seconds]),
      },
      {
        heading: l.manual.byLocation,
        columns: columnsOf(
          l.manual.byLocationCols,
          (i) => i >= 2,
          (i) => (i === 3 ? 'duration' : undefined),
        ),
        rows: summary.by_location.map((b) => [b.organization_name, b.location_name, b.episodes, b.seconds_in_range]),
      },
    ],
    detail: { heading: l.manual.detail },
    columns: columnsOf(
      l.manual.cols,
      (i) => i >= 8,
      (i) => (i >= 8 ? 'duration' : undefined),
    ),
    rows: episodes.map((e) => [
      ...pointCells(e),
      f.at(e.since, e.location_id),
      e.until ? f.at(e.until, e.location_id) : l.ongoing,
      f.at(e.last_reading_at, e.location_id),
      e.seconds,
      e.seconds_in_range,
    ]),
  };
}
