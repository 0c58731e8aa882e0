import type { HaccpAction, HaccpEntry, HaccpExcursion } from '@rcm/shared/haccp';
import type { Locale } from '@rcm/shared/locale';
import type { HaccpRow } from '@rcm/shared/reports';
import { columnsOf, type Table } from './export.ts';
import { type ExportFrame, formatDay } from './export-frame.ts';
import type { HaccpCase } from './haccp-cases-repo.ts';
import type { CaseRef } from './haccp-repo.ts';
import { EXPORT_LABELS } from './labels.ts';
import { pdfFormatter } from './pdf-format.ts';

/** A case as a person finds it: its rack and its name ("Rack B · Case 1 Temperature"). */
export function caseLabel(c: Pick<CaseRef, 'rack_ref' | 'rack_name' | 'point' | 'point_name'>): string {
  return `${c.rack_name ?? `Rack ${c.rack_ref}`} · ${c.point_name ?? c.point}`;
}

/** The title and the CSV's columns: where, the day, the limit, the 24 hourly highs, lowest, highest, hours above, excursions. */
function haccpColumns(locale: Locale): Pick<Table, 'title' | 'columns'> {
  const l = EXPORT_LABELS[locale];
  const hourCols = Array.from({ length: 24 }, (_, h) => ({
    header: `${String(h).padStart(2, '0')}:00`,
    align: 'right' as const,
  }));
  const [org, loc, dayCol, ctl, rack, kase, point, unit, limit, min, max, above, exc, product] = l.haccp.cols;
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
    { header: above ?? '', align: 'right' },
    { header: exc ?? '', align: 'right' },
    { header: product ?? '', align: 'right' },
  ];
  return { title: l.haccp.title, columns };
}

/** The sign-off in force over a location's day: the latest not corrected since (null: none). */
function signOffOf(signOffs: HaccpEntry[], locationId: number, day: string): HaccpEntry | null {
  let found: HaccpEntry | null = null;
  for (const s of signOffs) {
    if (s.location_id !== locationId || s.corrected_by_id !== null) continue;
    if ((s.from ?? '') > day || (s.to ?? '') < day) continue;
    if (!found || s.taken_at > found.taken_at) found = s;
  }
  return found;
}

/** A signature's cells in the CSV: signer, role, meaning, time in the location's zone, method, hash. */
function signatureCells(s: HaccpEntry | null, locale: Locale): Table['rows'][number] {
  const l = EXPORT_LABELS[locale].haccp;
  if (!s) return [null, null, null, null, null, null];
  const sig = s.signature;
  if (!sig) return [s.author_name, null, null, s.taken_at, null, l.unsigned];
  return [
    sig.signer.name,
    sig.signer.role,
    l.meanings[sig.meaning] ?? sig.meaning,
    { at: sig.signed_at, timeZone: sig.time_zone },
    l.methods[sig.method] ?? sig.method,
    sig.record_hash,
  ];
}

/** A signature as the PDF prints it: meaning, role, method and the hash's first 16 hex digits. */
function signatureText(s: HaccpEntry, locale: Locale): string {
  const l = EXPORT_LABELS[locale].haccp;
  const sig = s.signature;
  if (!sig) return l.unsigned;
  return l.signature(
    l.meanings[sig.meaning] ?? sig.meaning,
    sig.signer.role,
    l.methods[sig.method] ?? sig.method,
    `${sig.record_hash.slice(0, 'sha256:'.length + 16)}…`,
  );
}

/**
 * The HACCP CSV: every case's 24 hourly highs of every day, those above the limit marked `*`, and the
 * signature of the sign-off in force over that day at the location.
 */
export function haccpCsvTable(rows: HaccpRow[], signOffs: HaccpEntry[], locale: Locale): Table {
  const base = haccpColumns(locale);
  return {
    ...base,
    columns: [...base.columns, ...EXPORT_LABELS[locale].haccp.signatureCols.map((header) => ({ header }))],
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
      ...r.hours.map((v) => hourCell(v, r.limit)),
      r.min,
      r.max,
      r.hours_above,
      r.excursions,
      r.product_max,
      ...signatureCells(signOffOf(signOffs, r.location_id, r.day), locale),
    ]),
  };
}

/** An hourly high as the log prints it: `*` when above the limit. */
const hourCell = (v: number | null, limit: number) => (v !== null && v > limit ? `${v}*` : v);

/** What a corrective action reads as in the PDF: text, who and when, where it came from, its corrections. */
function actionText(a: HaccpAction, zone: string, f: ReturnType<typeof pdfFormatter>, locale: Locale): string {
  const l = EXPORT_LABELS[locale].haccp;
  const who = a.author_name ?? '—';
  const when = a.taken_at ? f.instant(a.taken_at, zone) : '—';
  const marks = [
    a.source === 'alarm' ? l.fromAlarm(a.id) : l.entry(a.id),
    a.corrects_id !== null ? l.correction(a.corrects_id) : null,
    a.corrected_by_id !== null ? l.correctedBy(a.corrected_by_id) : null,
  ].filter(Boolean);
  return `${l.action(a.text, who, when)} ${marks.join(', ')}`;
}

/**
 * The HACCP PDF, what an inspector reads: the totals; one line per case over the range (hours
 * logged, lowest, mean, highest, hours above the limit, excursions); each excursion with its start,
 * end, duration, peak and corrective actions (who, when); the responsible person's sign-offs of the
 * period; and, for one location, the hourly log itself (each case-day's 24 hourly highs, `*` above
 * the limit).
 */
export function haccpPdfTable(
  data: { cases: HaccpCase[]; days: HaccpRow[] | null; excursions: HaccpExcursion[]; signOffs: HaccpEntry[] },
  f: ExportFrame,
  locale: Locale,
): Table {
  const l = EXPORT_LABELS[locale];
  const { cases, days, excursions, signOffs } = data;
  const temp = (v: number | null, u: string) => (v === null ? null : `${v} ${u}`);
  // Action times are written like the other cells: in the document's zone, named when a row's differs.
  const fmt = pdfFormatter({ locale, timeZone: f.heading.timeZone ?? '' });
  const hourCols = Array.from({ length: 24 }, (_, h) => ({
    header: String(h).padStart(2, '0'),
    align: 'right' as const,
  }));
  const [caseCol, dayCol] = l.haccp.hourlyCols;
  return {
    ...haccpColumns(locale),
    ...f.heading,
    subtitle: [...f.heading.subtitle, l.haccp.note],
    rows: [],
    // The totals of the cases' lines: the same figures as the screen's tiles.
    facts: [
      { label: l.haccp.locations, value: String(new Set(cases.map((c) => c.location_id)).size) },
      { label: l.haccp.cases, value: String(cases.length) },
      { label: l.haccp.hoursLogged, value: String(cases.reduce((s, c) => s + c.hours, 0)) },
      { label: l.haccp.excursionCount, value: String(cases.reduce((s, c) => s + c.excursions, 0)) },
      { label: l.haccp.excursionHours, value: String(cases.reduce((s, c) => s + c.hours_above, 0)) },
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
          c.hours_above,
          c.excursions,
        ]),
      },
      {
        heading: l.haccp.excursions,
        note: l.haccp.excursionsNote,
        columns: columnsOf(
          l.haccp.excursionCols,
          (i) => i === 5 || i === 6,
          (i) => (i === 5 ? 'duration' : undefined),
        ).map((c, i) => (i === 7 ? { ...c, width: 4 } : c)),
        rows: excursions.map((e) => [
          e.location_name,
          e.controller_name,
          caseLabel(e),
          { at: e.start, timeZone: e.timezone },
          { at: e.end, timeZone: e.timezone },
          e.hours * 3600,
          temp(e.peak, e.unit),
          e.actions.length ? e.actions.map((a) => actionText(a, e.timezone, fmt, locale)).join('\n') : l.haccp.noAction,
        ]),
      },
      {
        heading: l.haccp.signOffs,
        note: signOffs.length ? l.haccp.signOffsNote : l.haccp.notSigned,
        columns: columnsOf(l.haccp.signOffCols, () => false).map((c, i) =>
          i === 4 || i === 5 || i === 6 ? { ...c, width: 3 } : c,
        ),
        rows: signOffs.map((s) => [
          s.location_name,
          `${formatDay(s.from ?? '', locale)} – ${formatDay(s.to ?? '', locale)}`,
          s.author_name,
          f.at(s.taken_at, s.location_id),
          s.text,
          l.haccp.atSigning(s.excursions_without_action, s.excursions),
          signatureText(s, locale),
          [
            l.haccp.entry(s.id),
            s.corrects_id !== null ? l.haccp.correction(s.corrects_id) : null,
            s.corrected_by_id !== null ? l.haccp.correctedBy(s.corrected_by_id) : null,
          ]
            .filter(Boolean)
            .join(', '),
        ]),
      },
    ],
    detail: {
      heading: l.haccp.hourly,
      note: days ? l.haccp.hourlyNote : l.haccp.hourlyOneLocation,
      columns: [{ header: caseCol ?? '', width: 3 }, { header: dayCol ?? '' }, ...hourCols],
      rows: (days ?? []).map((r) => [
        `${r.location_name} · ${r.controller_name} · ${caseLabel(r)}`,
        r.day,
        ...r.hours.map((v) => hourCell(v, r.limit)),
      ]),
    },
  };
}
