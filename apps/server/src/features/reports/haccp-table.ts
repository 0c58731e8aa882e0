import type { Locale } from '@rcm/shared/locale';
import type { HaccpRow } from '@rcm/shared/reports';
import { columnsOf, type Table } from './export.ts';
import type { ExportFrame } from './export-frame.ts';
import type { HaccpCase } from './haccp-cases-repo.ts';
import type { CaseRef } from './haccp-repo.ts';
import { EXPORT_LABELS } from './labels.ts';

/** A case as a person finds it: its rack and its name ("Rack B · Case 1 Temperature"). */
export function caseLabel(c: Pick<CaseRef, 'rack_ref' | 'rack_name' | 'point' | 'point_name'>): string {
  return `${c.rack_name ?? `Rack ${c.rack_ref}`} · ${c.point_name ?? c.point}`;
}

/** Consecutive hours above the limit of each case as one excursion: from, to, hours, highest. */
export function excursionEpisodes<T extends CaseRef & { bucket: string; max: number }>(hours: T[]) {
  const HOUR = 3_600_000;
  const out: { ref: T; from: string; to: string; hours: number; max: number }[] = [];
  let last: (typeof out)[number] | null = null;
  let lastKey = '';
  for (const h of hours) {
    const key = `${h.location_id}|${h.controller_name}|${h.point}`;
    const at = Date.parse(h.bucket);
    if (last && key === lastKey && Date.parse(last.to) === at) {
      last.to = new Date(at + HOUR).toISOString();
      last.hours += 1;
      last.max = Math.max(last.max, h.max);
    } else {
      last = { ref: h, from: h.bucket, to: new Date(at + HOUR).toISOString(), hours: 1, max: h.max };
      out.push(last);
      lastKey = key;
    }
  }
  return out;
}

/** The title and the CSV's columns: where, the day, the limit, the 24 hourly highs, lowest, highest, excursions. */
function haccpColumns(locale: Locale): Pick<Table, 'title' | 'columns'> {
  const l = EXPORT_LABELS[locale];
  const hourCols = Array.from({ length: 24 }, (_, h) => ({
    header: `${String(h).padStart(2, '0')}:00`,
    align: 'right' as const,
  }));
  const [org, loc, dayCol, ctl, rack, kase, point, unit, limit, min, max, exc, product] = l.haccp.cols;
  const columns: Table['columns'] = [
    { header: org ?? '' },
    { header: loc ?? '' },
    { header: dayCol ?? '' },
    { header: ctl ?? '' },
    { header: rack ?? '' },
    { header: kase ?? '' },
    { header: point ?? '' },
    { header: unit ?? '' },
    { header: limit ?? '', align: 'right' },
    ...hourCols,
    { header: min ?? '', align: 'right' },
    { header: max ?? '', align: 'right' },
    { header: exc ?? '', align: 'right' },
    { header: product ?? '', align: 'right' },
  ];
  return { title: l.haccp.title, columns };
}

/** The HACCP CSV: every case's 24 hourly highs of every day, those above the limit marked `*`. */
export function haccpCsvTable(rows: HaccpRow[], locale: Locale): Table {
  return {
    ...haccpColumns(locale),
    subtitle: [],
    rows: rows.map((r) => [
      r.organization_name,
      r.location_name,
      r.day,
      r.controller_name,
      r.rack_name ?? r.rack_ref,
      r.point_name ?? r.point,
      r.point,
      r.unit,
      r.limit,
      ...r.hours.map((v) => (v !== null && v > r.limit ? `${v}*` : v)),
      r.min,
      r.max,
      r.excursions,
      r.product_max,
    ]),
  };
}

/**
 * The HACCP PDF, what an inspector reads: the totals, one line per case over the range (hours
 * logged, lowest, mean, highest, hours above the limit), then each excursion (consecutive hours
 * above the limit).
 */
export function haccpPdfTable(
  cases: HaccpCase[],
  hours: (CaseRef & { bucket: string; max: number })[],
  f: ExportFrame,
  locale: Locale,
): Table {
  const l = EXPORT_LABELS[locale];
  const temp = (v: number | null, u: string) => (v === null ? null : `${v} ${u}`);
  return {
    ...haccpColumns(locale),
    subtitle: [...f.subtitle, l.haccp.note],
    timeZone: f.timeZone,
    rows: [],
    // The totals of the cases' lines: the same figures as the screen's tiles.
    facts: [
      { label: l.haccp.locations, value: String(new Set(cases.map((c) => c.location_id)).size) },
      { label: l.haccp.cases, value: String(cases.length) },
      { label: l.haccp.hoursLogged, value: String(cases.reduce((s, c) => s + c.hours, 0)) },
      { label: l.haccp.excursionHours, value: String(cases.reduce((s, c) => s + c.excursions, 0)) },
    ],
    summary: [
      {
        heading: l.haccp.casesHeading,
        note: l.haccp.casesNote,
        columns: columnsOf(l.haccp.caseCols, (i) => i >= 5),
        rows: cases.map((c) => [
          c.organization_name,
          c.location_name,
          c.controller_name,
          caseLabel(c),
          c.unit,
          temp(c.limit, c.unit),
          c.hours,
          temp(c.min, c.unit),
          temp(c.mean, c.unit),
          temp(c.max, c.unit),
          c.excursions,
        ]),
      },
    ],
    detail: {
      heading: l.haccp.excursions,
      note: l.haccp.excursionsNote,
      columns: columnsOf(l.haccp.excursionCols, (i) => i >= 4),
      rows: excursionEpisodes(hours).map((e) => [
        e.ref.location_name,
        e.ref.controller_name,
        caseLabel(e.ref),
        { at: e.from, timeZone: e.ref.timezone },
        e.hours,
        temp(e.max, e.ref.unit),
      ]),
    },
  };
}
