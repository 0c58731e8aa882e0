import {
  ALARM_BENCHMARKS,
  type AlarmManagementFigures,
  type AlarmManagementQuery,
  type AlarmManagementReport,
} from '@rcm/shared/alarm-management';
import type { Locale } from '@rcm/shared/locale';
import { MANAGEMENT_LABELS } from './alarm-management-labels.ts';
import { columnsOf, type Table } from './export.ts';
import { formatDay } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

/** The alarm-management report for CSV (a row per location and one for all) and PDF (figures against benchmarks first). */
export function managementTable(r: AlarmManagementReport, q: AlarmManagementQuery, locale: Locale): Table {
  const l = MANAGEMENT_LABELS[locale];
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const o = r.overall;
  const judged = (value: number, limit: number, below = true) =>
    `${num.format(value)} ${(below ? value <= limit : value < limit) ? l.within : l.outside}`;
  // Several locations together are not one operator position: those figures are shown, not judged.
  const perLocation = (value: string) => (r.locations.length > 1 ? `${value} ${l.perLocation}` : null);
  const num2 = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const flood = (f: AlarmManagementFigures) => l.floodValue(`${num2.format(f.flood_percent)} %`, f.flood_periods);
  const b = ALARM_BENCHMARKS;
  const typeName = (t: { name: string; name_es: string }) => (locale === 'es-MX' ? t.name_es : t.name);
  const condRows = (list: AlarmManagementReport['bad_actors']) =>
    list.map((c) => [
      typeName(c.alarm_type),
      c.controller.name,
      c.location,
      locale === 'es-MX' ? c.point_es : c.point,
      c.count,
      c.share_percent,
    ]);
  const figureRow = (name: string, f: AlarmManagementFigures) => [
    name,
    f.alarms,
    f.per_hour,
    f.peak_10min,
    f.flood_percent,
    f.top10_percent ?? '—',
    f.chattering,
    f.standing,
    f.shelved_hours,
    f.suppressed_alarms,
    f.acknowledged_10min_percent,
  ];
  const right = (headers: readonly string[], from: number) => columnsOf(headers, (i) => i >= from);
  return {
    title: l.title,
    subtitle: [EXPORT_LABELS[locale].range(formatDay(q.from, locale), formatDay(q.to, locale)), l.note],
    facts: [
      { label: l.facts.alarms, value: num.format(o.alarms) },
      {
        label: l.facts.perHour(b.perHour),
        value: perLocation(num2.format(o.per_hour)) ?? judged(o.per_hour, b.perHour),
      },
      { label: l.facts.perDay, value: num.format(o.per_day) },
      {
        label: l.facts.peak(b.peak10Min),
        value: perLocation(num.format(o.peak_10min)) ?? judged(o.peak_10min, b.peak10Min),
      },
      {
        label: l.facts.flood(b.floodPercent),
        value: perLocation(flood(o)) ?? `${flood(o)} ${o.flood_percent <= b.floodPercent ? l.within : l.outside}`,
      },
      {
        label: l.facts.top10(b.top10Percent),
        value: o.top10_percent === null ? l.notApplicable : judged(o.top10_percent, b.top10Percent, false),
      },
      { label: l.facts.chattering, value: judged(o.chattering, b.chattering) },
      { label: l.facts.standing(b.standing), value: judged(o.standing, b.standing, false) },
      { label: l.facts.shelved, value: num.format(o.shelved_hours) },
      { label: l.facts.suppressed, value: l.suppressedValue(o.suppressed_alarms, num.format(o.suppressed_hours)) },
      {
        label: l.facts.ack10,
        value: o.acknowledged_10min_percent === null ? '—' : `${num.format(o.acknowledged_10min_percent)} %`,
      },
    ],
    summary: [
      { heading: l.badActors, columns: right(l.conditionCols, 4), rows: condRows(r.bad_actors) },
      ...(r.chattering.length
        ? [{ heading: l.chatteringHeading, columns: right(l.conditionCols, 4), rows: condRows(r.chattering) }]
        : []),
      ...(r.standing.length
        ? [
            {
              heading: l.standingHeading,
              columns: right(l.standingCols, 5),
              rows: r.standing.map((s) => [
                // A reference, not a quantity: no thousands separator.
                `#${s.ref}`,
                typeName(s.alarm_type),
                s.controller,
                s.location,
                s.raised_at,
                s.hours,
              ]),
            },
          ]
        : []),
    ],
    detail: { heading: l.byLocation },
    columns: right(l.figureCols, 1),
    rows: [figureRow(l.all, o), ...r.locations.map((loc) => figureRow(loc.location.name, loc))],
  };
}
