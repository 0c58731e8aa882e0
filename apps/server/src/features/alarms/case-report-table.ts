import type { CaseFigures, CasePerformanceQuery, CasePerformanceReport } from '@rcm/shared/case-performance';
import type { Locale } from '@rcm/shared/locale';
import { type Cell, columnsOf, type Table } from '../reports/export.ts';
import { formatDay } from '../reports/export-frame.ts';
import { EXPORT_LABELS } from '../reports/labels.ts';

const LABELS = {
  'en-US': {
    title: 'Case performance',
    note: 'Time in range leaves out defrosts and their recovery. Held back: alarms the air temperature alone would have raised.',
    all: 'All cases',
    byLocation: 'By location',
    cases: 'Cases',
    facts: {
      cases: 'Cases',
      inRange: 'Time in range (without defrost)',
      defrostsPerDay: 'Defrosts per case and day',
      avgDefrost: 'Average defrost (min)',
      longestDefrost: 'Longest defrost (min)',
      doors: 'Door openings',
      alarms: 'Temperature alarms raised',
      held: 'Held back by defrost / by product probe',
    },
    figureCols: [
      'Location',
      'Cases',
      'Time in range %',
      'Defrosts/day',
      'Avg defrost min',
      'Longest defrost min',
      'Door openings',
      'Alarms raised',
      'Held by defrost',
      'Held by product',
    ],
    caseCols: [
      'Location',
      'Controller',
      'Case',
      'Point',
      'Observed h',
      'Time in range %',
      'Defrosts',
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
    note: 'El tiempo en rango no incluye los deshielos ni su recuperación. Retenidas: alarmas que la temperatura del aire por sí sola habría generado.',
    all: 'Todas las vitrinas',
    byLocation: 'Por ubicación',
    cases: 'Vitrinas',
    facts: {
      cases: 'Vitrinas',
      inRange: 'Tiempo en rango (sin deshielo)',
      defrostsPerDay: 'Deshielos por vitrina y día',
      avgDefrost: 'Deshielo promedio (min)',
      longestDefrost: 'Deshielo más largo (min)',
      doors: 'Aperturas de puerta',
      alarms: 'Alarmas de temperatura generadas',
      held: 'Retenidas por deshielo / por sonda de producto',
    },
    figureCols: [
      'Ubicación',
      'Vitrinas',
      'Tiempo en rango %',
      'Deshielos/día',
      'Deshielo prom. min',
      'Deshielo máx. min',
      'Aperturas de puerta',
      'Alarmas generadas',
      'Retenidas por deshielo',
      'Retenidas por producto',
    ],
    caseCols: [
      'Ubicación',
      'Controlador',
      'Vitrina',
      'Punto',
      'Horas observadas',
      'Tiempo en rango %',
      'Deshielos',
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

const figureCells = (f: CaseFigures): Cell[] => [
  f.time_in_range_percent,
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
      { label: l.facts.inRange, value: opt(o.time_in_range_percent, ' %') },
      { label: l.facts.defrostsPerDay, value: num.format(o.defrosts_per_day) },
      { label: l.facts.avgDefrost, value: opt(o.avg_defrost_minutes) },
      { label: l.facts.longestDefrost, value: opt(o.longest_defrost_minutes) },
      { label: l.facts.doors, value: num.format(o.door_openings) },
      { label: l.facts.alarms, value: num.format(o.alarms_raised) },
      { label: l.facts.held, value: `${num.format(o.held_by_defrost)} / ${num.format(o.held_by_product)}` },
    ],
    summary: [
      {
        heading: l.byLocation,
        columns: columnsOf(l.figureCols, (i) => i >= 1),
        rows: [
          [l.all, o.cases, ...figureCells(o)],
          ...r.locations.map((loc) => [loc.location.name, loc.cases, ...figureCells(loc)]),
        ],
      },
    ],
    detail: { heading: l.cases },
    columns: columnsOf(l.caseCols, (i) => i >= 4),
    rows: r.cases.map((c) => [
      c.location?.name ?? null,
      c.controller.name,
      c.name ?? c.addr,
      c.addr,
      c.observed_hours,
      c.time_in_range_percent,
      c.defrosts,
      ...figureCells(c).slice(1),
    ]),
  };
}
