import type { Locale } from '@rcm/shared/locale';
import { pageOf } from '@rcm/shared/pagination';
import {
  OVERDUE_STATES,
  type RefrigerantReport,
  type RefrigerantReportQuery,
  type RefrigerantReportRow,
  SYSTEM_STATUSES,
} from '@rcm/shared/refrigerant';
import { massUnitFor } from '@rcm/shared/units';
import { requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { columnsOf, type Table } from '../reports/export.ts';
import { formatDay } from '../reports/export-frame.ts';
import { utcBounds } from '../reports/filters.ts';
import { round2 } from './compliance.ts';
import type { EventRow, SystemRow } from './repo.ts';
import { REFRIGERANT_LABELS } from './report-labels.ts';
import type { RefrigerantReportRepo } from './report-repo.ts';
import { describeSystem, logEntry, massIn } from './service.ts';

type SystemLine = SystemRow & {
  organizationName: string;
  locationName: string | null;
  controllerName: string;
  rackName: string | null;
};

/** The refrigerant report: every system in the caller's report scope with its compliance on today. */
export function createRefrigerantReport(deps: { repo: RefrigerantReportRepo; now: () => Date }) {
  const { repo: reportRepo, now } = deps;

  const scopeOf = (ctx: AuthContext): TenantScope => requireScope(ctx, 'reports');

  async function systems(scope: TenantScope, q: RefrigerantReportQuery): Promise<SystemLine[]> {
    const rows = await reportRepo.reportSystems(scope, q);
    return rows.map((r) => ({
      controllerId: Number(r.controller_id),
      rackRef: String(r.rack_ref),
      refrigerant: r.refrigerant as SystemRow['refrigerant'],
      fullChargeValue: Number(r.full_charge_value),
      fullChargeUnit: r.full_charge_unit as SystemRow['fullChargeUnit'],
      applianceType: r.appliance_type as SystemRow['applianceType'],
      leakDetectionSystem: Boolean(r.leak_detection_system),
      createdAt: new Date(String(r.created_at)),
      organizationName: String(r.organization_name),
      locationName: r.location_name == null ? null : String(r.location_name),
      controllerName: String(r.controller_name),
      rackName: r.rack_name == null ? null : String(r.rack_name),
    }));
  }

  async function rows(ctx: AuthContext, q: RefrigerantReportQuery): Promise<RefrigerantReportRow[]> {
    const list = await systems(scopeOf(ctx), q);
    if (list.length === 0) return [];
    const ids = [...new Set(list.map((s) => s.controllerId))];
    const { start, end } = utcBounds(q);
    const events = await reportRepo.refrigerantEventsOf(ids);
    const alarms = await reportRepo.leakAlarmCounts(ids, start, end);
    const key = (id: number, ref: string) => `${id}|${ref}`;
    const bySystem = new Map<string, EventRow[]>();
    for (const r of events) {
      const k = key(Number(r.controller_id), String(r.rack_ref));
      const e = {
        id: Number(r.id),
        type: r.type,
        at: new Date(String(r.at)),
        amountValue: r.amount_value == null ? null : Number(r.amount_value),
        amountUnit: r.amount_unit,
        fullChargeKg: r.full_charge_kg == null ? null : Number(r.full_charge_kg),
        applianceType: r.appliance_type,
        result: r.result,
        correctsEventId: r.corrects_event_id == null ? null : Number(r.corrects_event_id),
      } as EventRow;
      bySystem.set(k, [...(bySystem.get(k) ?? []), e]);
    }
    const alarmsBy = new Map(alarms.map((a) => [key(a.controller_id, a.rack_ref), a]));
    const today = now().toISOString().slice(0, 10);
    return list.map((s) => {
      const log = bySystem.get(key(s.controllerId, s.rackRef)) ?? [];
      const { system, entries } = describeSystem(s, log, today);
      let added = 0;
      let charges = 0;
      for (const e of log) {
        const entry = logEntry(e);
        const inRange = e.at >= start && e.at < end;
        if (entry.type === 'charge' && inRange && !entries.get(e.id)?.correctedBy) {
          added += entry.amountKg ?? 0;
          charges += 1;
        }
      }
      const alarm = alarmsBy.get(key(s.controllerId, s.rackRef));
      return {
        organization_name: s.organizationName,
        location_name: s.locationName,
        controller_id: s.controllerId,
        controller_name: s.controllerName,
        rack_ref: s.rackRef,
        rack_name: s.rackName,
        refrigerant: s.refrigerant,
        full_charge_kg: system.full_charge_kg,
        co2e_tonnes: system.co2e_tonnes,
        added_kg: round2(added),
        charges,
        last_leak_rate_percent: system.last_leak_rate_percent,
        status: system.status,
        next_leak_check_due: system.next_leak_check_due,
        leak_alarms: Number(alarm?.raised ?? 0),
        leak_alarm_open: Boolean(alarm?.open),
      };
    });
  }

  return {
    async json(ctx: AuthContext, q: RefrigerantReportQuery): Promise<RefrigerantReport> {
      const all = await rows(ctx, q);
      return {
        ...pageOf(all, q),
        summary: {
          systems: all.length,
          co2e_tonnes: round2(all.reduce((s, r) => s + r.co2e_tonnes, 0)),
          added_kg: round2(all.reduce((s, r) => s + r.added_kg, 0)),
          overdue: all.filter((r) => OVERDUE_STATES.has(r.status.state)).length,
          by_status: SYSTEM_STATUSES.map((state) => ({
            state,
            systems: all.filter((r) => r.status.state === state).length,
          })),
        },
      };
    },

    /** The whole report for CSV/PDF, masses in the reader's unit (lb in English, kg in Spanish). */
    async table(ctx: AuthContext, q: RefrigerantReportQuery, locale: Locale, format: 'csv' | 'pdf'): Promise<Table> {
      const l = REFRIGERANT_LABELS[locale];
      const unit = massUnitFor(locale);
      const all = await rows(ctx, q);
      const co2e = round2(all.reduce((s, r) => s + r.co2e_tonnes, 0));
      const added = massIn(
        all.reduce((s, r) => s + r.added_kg, 0),
        unit,
      );
      const right = new Set([5, 6, 7, 8, 11]);
      const day = (d: string) => formatDay(d, locale);
      const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      return {
        title: l.title,
        subtitle: [l.range(day(q.from), day(q.to)), l.note],
        facts: [
          { label: l.systems, value: String(all.length) },
          { label: l.co2e, value: number.format(co2e) },
          { label: l.added(unit), value: number.format(added) },
          { label: l.overdue, value: String(all.filter((r) => OVERDUE_STATES.has(r.status.state)).length) },
        ],
        summary: [
          {
            heading: l.byStatus,
            columns: columnsOf(l.statusCols, (i) => i === 1),
            rows: SYSTEM_STATUSES.map((state) => [l.state[state], all.filter((r) => r.status.state === state).length]),
          },
        ],
        columns: columnsOf(
          l.cols.map((header) => header.replace('{unit}', unit)),
          (i) => right.has(i),
        ),
        rows: all.map((r) => [
          r.organization_name,
          r.location_name,
          r.controller_name,
          r.rack_name ?? r.rack_ref,
          r.refrigerant,
          massIn(r.full_charge_kg, unit),
          r.co2e_tonnes,
          r.charges > 0 ? `${massIn(r.added_kg, unit)} (${r.charges})` : 0,
          r.last_leak_rate_percent,
          l.status(r.status, format === 'pdf' ? day : (d) => d),
          r.next_leak_check_due ?? l.none,
          r.leak_alarm_open ? `${r.leak_alarms} *` : r.leak_alarms,
        ]),
      };
    },
  };
}

export type RefrigerantReports = ReturnType<typeof createRefrigerantReport>;
