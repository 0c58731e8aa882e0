import type { Locale } from '@rcm/shared/locale';
import type { SystemStatus } from '@rcm/shared/refrigerant';

/** The refrigerant report's export title, notes and columns in both languages. */
const en = {
  title: 'Refrigerant compliance',
  range: (from: string, to: string) => `From ${from} to ${to}`,
  generated: (at: string) => `Generated ${at}`,
  note: 'Leak rate: annualizing method (40 CFR 82.157). CO2e from AR4 GWP. Leak checks: Regulation (EU) 2024/573. Leak alarms: suspected leaks raised in the range; * one is still open.',
  totals: (systems: number, co2e: string, added: string) =>
    `${systems} systems, ${co2e} t CO2e, ${added} added in the range`,
  status: (s: SystemStatus) =>
    ({
      ok: 'OK',
      repair_due: `Repair due by ${s.repair_due_by}`,
      overdue: `Overdue (due ${s.repair_due_by})`,
      verification_pending: 'Verification pending',
    })[s.state],
  none: 'none',
  /** Short: a PDF header is one line. `{unit}` is lb or kg. */
  cols: [
    'Organization',
    'Location',
    'Controller',
    'Rack',
    'Gas',
    'Charge {unit}',
    't CO2e',
    'Added {unit}',
    'Rate %/yr',
    'Status',
    'Next check',
    'Leak alarms',
  ],
};

const es: typeof en = {
  title: 'Cumplimiento de refrigerantes',
  range: (from, to) => `Del ${from} al ${to}`,
  generated: (at) => `Generado ${at}`,
  note: 'Tasa de fuga: método anualizado (40 CFR 82.157). CO2e con PCG del AR4. Revisiones de fugas: Reglamento (UE) 2024/573. Alarmas: de posible fuga en el periodo; * una sigue abierta.',
  totals: (systems, co2e, added) => `${systems} sistemas, ${co2e} t CO2e, ${added} agregados en el periodo`,
  status: (s) =>
    ({
      ok: 'Correcto',
      repair_due: `Reparar al ${s.repair_due_by}`,
      overdue: `Vencida (${s.repair_due_by})`,
      verification_pending: 'Verificación pendiente',
    })[s.state],
  none: 'ninguna',
  cols: [
    'Organización',
    'Ubicación',
    'Controlador',
    'Rack',
    'Gas',
    'Carga {unit}',
    't CO2e',
    'Agreg. {unit}',
    'Tasa %/año',
    'Estado',
    'Próx. rev.',
    'Alarmas',
  ],
};

export const REFRIGERANT_LABELS: Record<Locale, typeof en> = { 'en-US': en, 'es-MX': es };
