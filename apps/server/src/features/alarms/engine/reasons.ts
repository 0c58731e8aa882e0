import type { PointStatus } from '@rcm/shared/device';

/**
 * An alarm's reason in both of the console's languages, written when the alarm is raised: `reason`
 * (English; also what search matches) and `reasonEs` (Spanish). Values, units and what a device
 * itself wrote stay as they came.
 */
export type Reasons = { reason: string; reasonEs: string };

type Named = { name: string; nameEs?: string };

const nameEs = (rule: Named) => rule.nameEs ?? rule.name;

/** Rack metric names of the device protocol (docs/contracts.md §7), in Spanish; others are shown as sent. */
const METRICS_ES: Record<string, string> = {
  superheat: 'sobrecalentamiento',
  liquid_level: 'nivel de líquido',
  oil_pressure: 'presión de aceite',
  suction_pressure: 'presión de succión',
  discharge_pressure: 'presión de descarga',
};

/** A point's status as the English reason says it (never the protocol's code, `manual_on`). */
const STATUS_EN: Record<PointStatus, string> = {
  ok: 'normal',
  alarm: 'alarm',
  manual_on: 'manually on',
  off: 'off',
  fault: 'fault',
  defrost: 'defrost',
  door_open: 'door open',
};

const STATUS_ES: Record<PointStatus, string> = {
  ok: 'normal',
  alarm: 'alarma',
  manual_on: 'encendido manual',
  off: 'apagado',
  fault: 'falla',
  defrost: 'deshielo',
  door_open: 'puerta abierta',
};

export type Label = { en: string; es: string };

/** How a reason names a rack metric: `Rack A superheat` / `Rack A sobrecalentamiento`. */
export function metricLabel(rackRef: string, metric: string): Label {
  const plain = metric.replaceAll('_', ' ');
  return { en: `Rack ${rackRef} ${plain}`, es: `Rack ${rackRef} ${METRICS_ES[metric] ?? plain}` };
}

/** A point is named by what the device calls it (or its address), in either language. */
export const pointLabel = (name: string): Label => ({ en: name, es: name });

/**
 * How a report names what an alarm is about: a rack metric (`Rack A oil pressure`), a point by the
 * device's name for it (its address when it has none), or the controller itself.
 */
export function subjectLabel(subject: string, pointName: string | null): Label {
  if (subject === 'controller') return { en: 'Controller', es: 'Controlador' };
  const metric = /^([^:.]+):(.+)$/.exec(subject);
  if (metric?.[1] && metric[2]) return metricLabel(metric[1], metric[2]);
  return pointLabel(pointName ?? subject);
}

const withUnit = (n: number | null, unit: string) => `${n}${unit ? ` ${unit}` : ''}`;

/** A value beyond a threshold: `Low superheat: Rack A superheat 2.1 K below 3 K`. */
export function thresholdReasons(
  rule: Named & { comparator: 'lt' | 'gt' | 'eq'; threshold: number | null },
  label: Label,
  value: number | null,
  unit = '',
): Reasons {
  const below = rule.comparator === 'lt';
  return {
    reason: `${rule.name}: ${label.en} ${withUnit(value, unit)} ${below ? 'below' : 'above'} ${withUnit(rule.threshold, unit)}`,
    reasonEs: `${nameEs(rule)}: ${label.es} ${withUnit(value, unit)} ${below ? 'por debajo de' : 'por encima de'} ${withUnit(rule.threshold, unit)}`,
  };
}

/** A point reporting a status: `Rack manually on: Compressor 1 (A.COMP1) reports manually on`. */
export function statusReasons(rule: Named, label: Label, subject: string, status: PointStatus | undefined): Reasons {
  return {
    reason: `${rule.name}: ${label.en} (${subject}) reports ${status ? STATUS_EN[status] : status}`,
    reasonEs: `${nameEs(rule)}: ${label.es} (${subject}) informa ${status ? STATUS_ES[status] : status}`,
  };
}

/** A device's own alarm: its text as it wrote it, or its code. */
export function deviceReasons(rule: Named, code: string, text?: string): Reasons {
  return text
    ? { reason: `${rule.name}: ${text}`, reasonEs: `${nameEs(rule)}: ${text}` }
    : { reason: `${rule.name} (${code})`, reasonEs: `${nameEs(rule)} (${code})` };
}

/** A controller that went silent (its last seen time is on the controller itself). */
export function offlineReasons(rule: Named, minutes: number): Reasons {
  return {
    reason: `${rule.name}: no message for more than ${minutes} min`,
    reasonEs: `${nameEs(rule)}: sin mensajes por más de ${minutes} min`,
  };
}

/** A falling receiver level: `Refrigerant leak suspected: Rack A liquid level falling 3.4 %-points per day`. */
export function leakTrendReasons(rule: Named, rackRef: string, perDay: number): Reasons {
  const rate = Math.abs(Math.round(perDay * 10) / 10);
  return {
    reason: `${rule.name}: Rack ${rackRef} liquid level falling ${rate} %-points per day over 24 h`,
    reasonEs: `${nameEs(rule)}: Rack ${rackRef} nivel de líquido bajando ${rate} puntos porcentuales por día en 24 h`,
  };
}

/** A defrost past its limit: `Defrost overrun: Case 1 Temperature (A.CASE1) defrosting for 75 min (limit 60 min)`. */
export function defrostOverrunReasons(
  rule: Named,
  label: Label,
  subject: string,
  minutes: number,
  limit: number,
): Reasons {
  return {
    reason: `${rule.name}: ${label.en} (${subject}) defrosting for ${minutes} min (limit ${limit} min)`,
    reasonEs: `${nameEs(rule)}: ${label.es} (${subject}) en deshielo por ${minutes} min (límite ${limit} min)`,
  };
}

/** A compressor starting too often: `Compressor short cycling: Compressor 1 (A.COMP1) 9 starts in the last hour (limit 6)`. */
export function shortCyclingReasons(
  rule: Named,
  label: Label,
  subject: string,
  starts: number,
  limit: number,
): Reasons {
  return {
    reason: `${rule.name}: ${label.en} (${subject}) ${starts} starts in the last hour (limit ${limit})`,
    reasonEs: `${nameEs(rule)}: ${label.es} (${subject}) ${starts} arranques en la última hora (límite ${limit})`,
  };
}
