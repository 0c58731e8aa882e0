import type { CaseFigures, CasePerformanceQuery, CasePerformanceReport } from '@rcm/shared/case-performance';
import type { Locale } from '@rcm/shared/locale';
import { HACCP_LIMIT_TEXT } from '@rcm/shared/reports';
import { type Cell, columnsOf, type Table } from './export.ts';
import { formatDay } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

const LABELS = {
  'en-US': {
    title: 'Case performance',
    note: 'Time in range and out of range, defrosts and door openings cover the hours the alarm engine observed; time in range leaves out defrosts and their recovery and judges as the alarm types do (the product temperature where a type has a probe). Hours above the limit and excursions are the HACCP log’s, from the same days’ hourly rollups.',
    all: 'All cases',
    byLocation: 'By location',
    cases: 'Cases',
    observed: 'Observed by the alarm engine',
    observedCols: ['From', 'To', 'Hours observed', 'Hours logged (HACCP)'],
    facts: {
      cases: 'Cases',
      coverage: 'Hours observed / logged',
      inRange: 'Time in range (without defrost)',
      outOfRange: 'Hours out of range (without defrost)',
      above: `Hours above ${HACCP_LIMIT_TEXT} (HACCP log)`,
      aboveValue: (n: string, held: string) => `${n} (${held} in a defrost or its recovery)`,
      excursions: 'Excursions (HACCP log)',
      defrostsPerDay: 'Defrosts per case and observed day',
      avgDefrost: 'Average defrost (min)',
      longestDefrost: 'Longest defrost (min)',
      doors: 'Door openings',
      alarms: 'Temperature alarms raised',
      held: 'Held back by defrost / by product probe',
    },
    col: {
      location: 'Location',
      cases: 'Cases',
      controller: 'Controller',
      case: 'Case',
      point: 'Point',
      observedHours: 'Observed h',
      loggedHours: 'Logged h',
      observedLogged: 'Observed / logged h',
      inRange: 'In range %',
      defrosts: 'Defrosts',
      held: 'Held by defrost / product',
    },
    /** The figures' columns, in the order of `figureCells`. */
    figures: [
      'Time in range %',
      'Out of range h',
      'Hours above limit',
      'Above limit in defrost',
      'Excursions',
      'Defrosts/day',
      'Avg defrost min',
      'Longest defrost min',
      'Door openings',
      'Alarms raised',
      'Held by defrost',
      'Held by product',
    ],
  },
  'es-MX': {
    title: 'Desempeño de vitrinas',
    note: 'El tiempo en rango y fuera de rango, los deshielos y las aperturas de puerta cubren las horas que el motor de alarmas observó; el tiempo en rango no incluye los deshielos ni su recuperación y juzga como los tipos de alarma (la temperatura del producto donde el tipo tiene sonda). Las horas sobre el límite y las desviaciones son las de la bitácora HACCP, de los resúmenes por hora de los mismos días.',
    all: 'Todas las vitrinas',
    byLocation: 'Por ubicación',
    cases: 'Vitrinas',
    observed: 'Observado por el motor de alarmas',
    observedCols: ['Desde', 'Hasta', 'Horas observadas', 'Horas registradas (HACCP)'],
    facts: {
      cases: 'Vitrinas',
      coverage: 'Horas observadas / registradas',
      inRange: 'Tiempo en rango (sin deshielo)',
      outOfRange: 'Horas fuera de rango (sin deshielo)',
      above: `Horas sobre ${HACCP_LIMIT_TEXT} (bitácora HACCP)`,
      aboveValue: (n: string, held: string) => `${n} (${held} en un deshielo o su recuperación)`,
      excursions: 'Desviaciones (bitácora HACCP)',
      defrostsPerDay: 'Deshielos por vitrina y día observado',
      avgDefrost: 'Deshielo promedio (min)',
      longestDefrost: 'Deshielo más largo (min)',
      doors: 'Aperturas de puerta',
      alarms: 'Alarmas de temperatura generadas',
      held: 'Retenidas por deshielo / por sonda de producto',
    },
    col: {
      location: 'Ubicación',
      cases: 'Vitrinas',
      controller: 'Controlador',
      case: 'Vitrina',
      point: 'Punto',
      observedHours: 'Horas observadas',
      loggedHours: 'Horas registradas',
      observedLogged: 'Observadas / registradas h',
      inRange: 'En rango %',
      defrosts: 'Deshielos',
      held: 'Retenidas por deshielo / producto',
    },
    /** The figures' columns, in the order of `figureCells`. */
    figures: [
      'Tiempo en rango %',
      'Fuera de rango h',
      'Horas sobre el límite',
      'Sobre el límite en deshielo',
      'Desviaciones',
      'Deshielos/día',
      'Deshielo prom. min',
      'Deshielo máx. min',
      'Aperturas de puerta',
      'Alarmas generadas',
      'Retenidas por deshielo',
      'Retenidas por producto',
    ],
  },
} as const satisfies Record<Locale, unknown>;

type Labels = (typeof LABELS)[Locale];
/** A location's figures, the by-location table's. */
const figureCols = (l: Labels) => [l.col.location, l.col.cases, ...l.figures];
/** The CSV's cases: the figures with the point, the hours observed and logged, the defrosts. */
const caseCols = (l: Labels) => [
  l.col.location,
  l.col.controller,
  l.col.case,
  l.col.point,
  l.col.observedHours,
  l.col.loggedHours,
  ...l.figures.slice(0, 5),
  l.col.defrosts,
  ...l.figures.slice(5),
];
/** The PDF's cases: hours observed and logged in one column, the alarms held back in one. */
const pdfCaseCols = (l: Labels) => [
  l.col.location,
  l.col.controller,
  l.col.case,
  l.col.observedLogged,
  l.col.inRange,
  ...l.figures.slice(1, 10),
  l.col.held,
];

const figureCells = (f: CaseFigures): Cell[] => [
  f.time_in_range_percent,
  f.out_of_range_hours,
  f.hours_above_limit,
  f.hours_above_in_defrost,
  f.excursions,
  f.defrosts_per_day,
  f.avg_defrost_minutes,
  f.longest_defrost_minutes,
  f.door_openings,
  f.alarms_raised,
  f.held_by_defrost,
  f.held_by_product,
];

/** The case performance report for CSV (a row per case) and PDF (the overall facts and locations first). */
export function caseTable(r: CasePerformanceReport, q: CasePerformanceQuery, locale: Locale): Table {
  const l = LABELS[locale];
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const o = r.overall;
  const opt = (n: number | null, suffix = '') => (n === null ? '—' : `${num.format(n)}${suffix}`);
  return {
    title: l.title,
    subtitle: [EXPORT_LABELS[locale].range(formatDay(q.from, locale), formatDay(q.to, locale)), l.note],
    facts: [
      { label: l.facts.cases, value: num.format(o.cases) },
      { label: l.facts.coverage, value: `${num.format(o.observed_hours)} / ${num.format(o.hours_logged)}` },
      { label: l.facts.inRange, value: opt(o.time_in_range_percent, ' %') },
      { label: l.facts.outOfRange, value: num.format(o.out_of_range_hours) },
      {
        label: l.facts.above,
        value: l.facts.aboveValue(num.format(o.hours_above_limit), num.format(o.hours_above_in_defrost)),
      },
      { label: l.facts.excursions, value: num.format(o.excursions) },
      { label: l.facts.defrostsPerDay, value: opt(o.defrosts_per_day) },
      { label: l.facts.avgDefrost, value: opt(o.avg_defrost_minutes) },
      { label: l.facts.longestDefrost, value: opt(o.longest_defrost_minutes) },
      { label: l.facts.doors, value: num.format(o.door_openings) },
      { label: l.facts.alarms, value: num.format(o.alarms_raised) },
      { label: l.facts.held, value: `${num.format(o.held_by_defrost)} / ${num.format(o.held_by_product)}` },
    ],
    summary: [
      {
        heading: l.observed,
        columns: columnsOf(l.observedCols, (i) => i >= 2),
        rows: [[r.observed.from, r.observed.to, o.observed_hours, o.hours_logged]],
      },
      {
        heading: l.byLocation,
        columns: columnsOf(figureCols(l), (i) => i >= 1),
        rows: [
          [l.all, o.cases, ...figureCells(o)],
          ...r.locations.map((loc) => [loc.location.name, loc.cases, ...figureCells(loc)]),
        ],
      },
    ],
    // The PDF's cases in fewer, wider columns: the point beside the case's name, the hours observed and
    // logged in one, the alarms held back in one (the CSV has each).
    detail: {
      heading: l.cases,
      columns: columnsOf(pdfCaseCols(l), (i) => i >= 3),
      rows: r.cases.map((c) => {
        const f = figureCells(c);
        return [
          c.location?.name ?? null,
          c.controller.name,
          c.name ? `${c.name} (${c.addr})` : c.addr,
          `${num.format(c.observed_hours)} / ${num.format(c.hours_logged)}`,
          ...f.slice(0, 10),
          `${num.format(c.held_by_defrost)} / ${num.format(c.held_by_product)}`,
        ];
      }),
    },
    columns: columnsOf(caseCols(l), (i) => i >= 4),
    rows: r.cases.map((c) => [
      c.location?.name ?? null,
      c.controller.name,
      c.name ?? c.addr,
      c.addr,
      c.observed_hours,
      c.hours_logged,
      ...figureCells(c).slice(0, 5),
      c.defrosts,
      ...figureCells(c).slice(5),
    ]),
  };
}
