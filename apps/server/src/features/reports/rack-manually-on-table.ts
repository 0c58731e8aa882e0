import { formatDuration } from '@rcm/shared/duration';
import type { Locale } from '@rcm/shared/locale';
import type { ManualOnEpisode, RackManuallyOnReport } from '@rcm/shared/reports';
import type { Table } from './export.ts';
import type { ExportFrame } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

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
    subtitle: f.subtitle,
    timeZone: f.timeZone,
    facts: [
      { label: l.manual.nowCount, value: String(summary.now.length) },
      { label: l.manual.episodes, value: String(summary.episodes) },
      { label: l.manual.timeInRange, value: formatDuration(summary.seconds_in_range, locale) },
    ],
    summary: [
      {
        heading: l.manual.now,
        columns: l.manual.nowCols.map((header, i) => ({
          header,
          align: i === 6 ? 'right' : 'left',
          format: i === 6 ? 'duration' : undefined,
        })),
        rows: summary.now.map((n) => [
          n.organization_name,
          n.location_name,
          n.controller_name,
          n.rack_name ?? n.rack_ref,
          n.point_name ?? n.point,
          f.at(n.since, n.location_id),
          n.seconds,
        ]),
      },
      {
        heading: l.manual.byLocation,
        columns: l.manual.byLocationCols.map((header, i) => ({
          header,
          align: i >= 2 ? 'right' : 'left',
          format: i === 3 ? 'duration' : undefined,
        })),
        rows: summary.by_location.map((b) => [b.organization_name, b.location_name, b.episodes, b.seconds_in_range]),
      },
    ],
    detail: { heading: l.manual.detail },
    columns: l.manual.cols.map((header, i) => ({
      header,
      align: i >= 8 ? 'right' : 'left',
      format: i >= 8 ? 'duration' : undefined,
    })),
    rows: episodes.map((e) => [
      e.organization_name,
      e.location_name,
      e.controller_name,
      e.rack_name ?? e.rack_ref,
      e.point_name ?? e.point,
      f.at(e.since, e.location_id),
      e.until ? f.at(e.until, e.location_id) : l.ongoing,
      f.at(e.last_reading_at, e.location_id),
      e.seconds,
      e.seconds_in_range,
    ]),
  };
}
