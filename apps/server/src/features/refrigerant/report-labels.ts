import type { Locale } from '@rcm/shared/locale';
import type { SystemStatus } from '@rcm/shared/refrigerant';

/** The refrigerant report's export title, notes and columns in both languages. */
const en = {
  title: 'Refrigerant compliance',
  range: (from: string, to: string) => `From ${from} to ${to}`,
  note: 'Leak rate: annualizing method (40 CFR 82.157). CO2e from AR4 GWP. Leak checks: Regulation (EU) 2024/573. Leak alarms: suspected leaks raised in the range; * one is still open.',
  systems: 'Systems',
  co2e: 'CO2e (t)',
  added: (unit: string) => `Added in the range (${unit})`,
  overdue: 'Past the repair deadline',
  byStatus: 'By status',
  statusCols: ['Status', 'Systems'],
  state: {
    ok: 'OK',
    repair_due: 'Repair due',
    overdue: 'Overdue',
    verification_pending: 'Verification pending',
    verification_overdue: 'Verification overdue',
  },
  /** The status with its date, written by `day` (the reader's format in the PDF, ISO in the CSV). */
  status: (s: SystemStatus, day: (d: string) => string = (d) => d) =>
    ({
      ok: 'OK',
      repair_due: `Repair due by ${day(s.repair_due_by ?? '')}`,
      overdue: `Overdue (due ${day(s.repair_due_by ?? '')})`,
      verification_pending: `Verification pending (due ${day(s.repair_due_by ?? '')})`,
      verification_overdue: `Verification overdue (due ${day(s.repair_due_by ?? '')})`,
    })[s.state],
  none: 'none',
  /** `{unit}` is lb or kg. */
  cols: [
    'Organization',
    'Location',
    'Controller',
    'Rack',
    'Gas',
    'Charge ({unit})',
    't CO2e',
    'Added ({unit})',
    'Leak rate %/yr',
    'Status',
    'Next leak check',
    'Leak alarms',
  ],
};

const es: typeof en = {
  title: 'Cumplimiento de refrigerantes',
  range: (from, to) => `Del ${from} al ${to}`,
  note: 'Tasa de fuga: método anualizado (40 CFR 82.157). CO2e con PCG del AR4. Revisiones de fugas: Reglamento (UE) 2024/573. Alarmas: de posible fuga en el periodo; * una sigue abierta.',
  systems: 'Sistemas',
  co2e: 'CO2e (t)',
  added: (unit) => `Agregado en el periodo (${unit})`,
  overdue: 'Fuera del plazo de reparación',
  byStatus: 'Por estado',
  statusCols: ['Estado', 'Sistemas'],
  state: {
    ok: 'Correcto',
    repair_due: 'Reparación pendiente',
    overdue: 'Vencida',
    verification_pending: 'Verificación pendiente',
    verification_overdue: 'Verificación vencida',
  },
  status: (s, day = (d) => d) =>
    ({
      ok: 'Correcto',
      repair_due: `Reparar a más tardar el ${day(s.repair_due_by ?? '')}`,
      overdue: `Vencida (el ${day(s.repair_due_by ?? '')})`,
      verification_pending: `Verificación pendiente (a más tardar el ${day(s.repair_due_by ?? '')})`,
      verification_overdue: `Verificación vencida (el ${day(s.repair_due_by ?? '')})`,
    })[s.state],
  none: 'ninguna',
  cols: [
    'Organización',
    'Ubicación',
    'Controlador',
    'Rack',
    'Gas',
    'Carga ({unit})',
    't CO2e',
    'Agregado ({unit})',
    'Tasa de fuga %/año',
    'Estado',
    'Próxima revisión',
    'Alarmas de fuga',
  ],
};

export const REFRIGERANT_LABELS: Record<Locale, typeof en> = { 'en-US': en, 'es-MX': es };
