import type { HaccpReport, HaccpRow } from '@rcm/shared/reports';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The excursions chart: a bar per day as long as its hours above the limit relative to the worst day,
 * labelled with those hours, and a title that says what the longest bar is. Scale and labels measure
 * the same thing.
 */
export function excursionDayBars(byDay: HaccpReport['summary']['by_day'], t: Translate, day: (d: string) => string) {
  const max = Math.max(0, ...byDay.map((d) => d.hours_above));
  return {
    title: t('reports.haccp.byDay', { max }),
    bars: byDay.map((d) => ({
      label: day(d.day),
      value: d.hours_above,
      display: t('reports.haccp.dayBar', { excursions: d.hours_above }),
      highlight: d.hours_above > 0,
    })),
  };
}

/** A case as a person finds it: its rack and its name ("Rack B · Case 1 Temperature"). */
export function haccpCaseLabel(
  row: Pick<HaccpRow, 'rack_ref' | 'rack_name' | 'point' | 'point_name'>,
  t: Translate,
): string {
  return `${row.rack_name ?? t('controllers.rack', { ref: row.rack_ref })} · ${row.point_name ?? row.point}`;
}
