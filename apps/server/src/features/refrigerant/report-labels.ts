import type { Locale } from '@rcm/shared/locale';
import type { SystemStatus } from '@rcm/shared/refrigerant';

/** The refrigerant report's export title, notes and columns in both languages. */
const en = {
  title: 'Refrigerant compliance',
  range: (from: string, to: string) => `From ${from} to ${to}`,
  generated: (at: string) => `Generated ${at}`,
  note: 'Leak rate: annualizing method (40 CFR 82.157). CO2e from AR4 GWP. Leak checks: Regulation (EU) 2024/573.',
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
  cols: [
    'Organization',
    'Location',
    'Controller',
    'Rack',
    'Refrigerant',
    'Charge',
    'CO2e (t)',
    'Added in range',
    'Last leak rate (%/yr)',
    'Status',
    'Next leak check',
    'Suspected-leak alarms',
  ],
};

const es: typeof en = {
  title: 'Cumplimiento de refrigerantes',
  range: (from, to) => `Del ${from} al ${to}`,
  generated: (at) => `Generado ${at}`,
  note: 'Tasa de fuga: método anualizado (40 CFR 82.157). CO2e con PCG del AR4. Revisiones de fugas: Reglamento (UE) 2024/573.',
  totals: (systems, co2e, added) => `${systems} sistemas, ${co2e} t CO2e, ${added} agregados en el periodo`,
  status: (s) =>
    ({
      ok: 'Correcto',
      repair_due: `Reparación antes del ${s.repair_due_by}`,
      overdue: `Vencida (vencía el ${s.repair_due_by})`,
      verification_pending: 'Verificación pendiente',
    })[s.state],
  none: 'ninguna',
  cols: [
    'Organización',
    'Ubicación',
    'Controlador',
    'Rack',
    'Refrigerante',
    'Carga',
    'CO2e (t)',
    'Agregado en el periodo',
    'Última tasa de fuga (%/año)',
    'Estado',
    'Próxima revisión de fugas',
    'Alarmas de posible fuga',
  ],
};

export const REFRIGERANT_LABELS: Record<Locale, typeof en> = { 'en-US': en, 'es-MX': es };
