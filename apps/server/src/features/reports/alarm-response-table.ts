import type { Locale } from '@rcm/shared/locale';
import type { AlarmResponseReport, AlarmResponseRow } from '@rcm/shared/reports';
import { columnsOf, type Table } from './export.ts';
import type { ExportFrame } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

/** The alarm-response export: the times per severity, then per organization, location, type and severity. */
export function alarmResponseTable(
  summary: AlarmResponseReport['summary'],
  rows: AlarmResponseRow[],
  f: ExportFrame,
  locale: Locale,
): Table {
  const l = EXPORT_LABELS[locale];
  const duration = new Set([6, 7, 9, 10]);
  return {
    title: l.response.title,
    ...f.heading,
    facts: [
      { label: l.response.alarms, value: String(summary.alarms) },
      { label: l.response.acknowledged, value: String(rows.reduce((s, r) => s + r.acknowledged, 0)) },
      { label: l.response.cleared, value: String(rows.reduce((s, r) => s + r.cleared, 0)) },
    ],
    summary: [
      {
        heading: l.response.bySeverity,
        columns: columnsOf(
          l.response.severityCols,
          (i) => i >= 1,
          (i) => (i >= 2 ? 'duration' : undefined),
        ),
        rows: summary.by_severity.map((s) => [
          l.severity[s.severity] ?? s.severity,
          s.alarms,
          s.ack_median,
          s.ack_p90,
          s.clear_median,
          s.clear_p90,
        ]),
      },
    ],
    detail: { heading: l.response.detail },
    columns: columnsOf(
      l.response.cols,
      (i) => i >= 4,
      (i) => (duration.has(i) ? 'duration' : undefined),
    ),
    rows: rows.map((r) => [
      r.organization_name,
      r.location_name,
      locale === 'es-MX' ? r.alarm_type_name_es : r.alarm_type_name,
      l.severity[r.severity] ?? r.severity,
      r.alarms,
      r.acknowledged,
      r.ack_median,
      r.ack_p90,
      r.cleared,
      r.clear_median,
      r.clear_p90,
    ]),
  };
}
