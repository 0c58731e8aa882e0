import {
  LEAK_RATE_THRESHOLDS,
  type RefrigerantEvent,
  type RefrigerantEventBody,
  type RefrigerantSystem,
  type RefrigerantSystemBody,
} from '@rcm/shared/refrigerant';
import { fromKg, toKg } from '@rcm/shared/units';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import type { AuthContext } from '../auth/service.ts';
import { canSeeController } from '../controllers/service.ts';
import {
  co2eTonnes,
  dayOf,
  type EntryFacts,
  evaluateLog,
  type LogEntry,
  leakCheckIntervalMonths,
  nextLeakCheckDue,
  refrigerantOf,
  round2,
  type SystemFacts,
} from './compliance.ts';
import type { EventRow, RefrigerantRepo, SystemRow } from './repo.ts';

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function systemFacts(s: SystemRow): SystemFacts {
  return {
    refrigerant: s.refrigerant,
    fullChargeKg: toKg({ value: s.fullChargeValue, unit: s.fullChargeUnit }),
    applianceType: s.applianceType,
    leakDetectionSystem: s.leakDetectionSystem,
    createdAt: s.createdAt,
  };
}

export function logEntry(e: EventRow): LogEntry {
  return {
    id: e.id,
    type: e.type,
    at: e.at,
    amountKg: e.amountValue !== null && e.amountUnit ? toKg({ value: e.amountValue, unit: e.amountUnit }) : null,
    fullChargeKg: e.fullChargeKg,
    applianceType: e.applianceType,
    result: e.result,
    correctsEventId: e.correctsEventId,
  };
}

/** A system with everything computed from it and its log on `today`. */
export function describeSystem(s: SystemRow, events: readonly EventRow[], today: string) {
  const facts = systemFacts(s);
  const entries = events.map(logEntry);
  const log = evaluateLog(facts, entries, today);
  const gas = refrigerantOf(s.refrigerant);
  const co2e = co2eTonnes(facts.fullChargeKg, gas.gwp);
  const months = leakCheckIntervalMonths({
    co2eTonnes: co2e,
    euFgas: gas.eu_fgas,
    leakDetection: s.leakDetectionSystem,
  });
  const system: RefrigerantSystem = {
    controller_id: s.controllerId,
    rack_ref: s.rackRef,
    refrigerant: s.refrigerant,
    full_charge: { value: s.fullChargeValue, unit: s.fullChargeUnit },
    appliance_type: s.applianceType,
    leak_detection_system: s.leakDetectionSystem,
    gwp: gas.gwp,
    gwp_source: gas.source,
    full_charge_kg: round2(facts.fullChargeKg),
    co2e_tonnes: round2(co2e),
    leak_rate_threshold_percent: LEAK_RATE_THRESHOLDS[s.applianceType],
    leak_check_interval_months: months,
    next_leak_check_due: nextLeakCheckDue(facts, entries, months),
    last_leak_rate_percent: log.lastLeakRatePercent,
    status: log.status,
  };
  return { system, entries: log.entries };
}

export function toEventDto(e: EventRow, f: EntryFacts | undefined): RefrigerantEvent {
  return {
    id: e.id,
    type: e.type,
    at: e.at.toISOString(),
    amount: e.amountValue !== null && e.amountUnit ? { value: e.amountValue, unit: e.amountUnit } : null,
    technician: e.technician,
    certification_number: e.certificationNumber,
    result: e.result as RefrigerantEvent['result'],
    test_kind: e.testKind as RefrigerantEvent['test_kind'],
    leak_location: e.leakLocation,
    notes: e.notes,
    job: e.jobId !== null && e.jobNumber !== null ? { id: e.jobId, number: e.jobNumber } : null,
    corrects_event_id: e.correctsEventId,
    corrected_by_event_id: f?.correctedBy ?? null,
    leak_rate_percent: f?.leakRatePercent ?? null,
    leak_rate_days: f?.leakRateDays ?? null,
    repair_due_by: f?.repairDueBy ?? null,
    created_by: e.createdBy,
    created_at: e.createdAt.toISOString(),
  };
}

const blankToNull = (v: string | undefined) => (v ? v : null);

export function createRefrigerantService(deps: { db: Db; repo: RefrigerantRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit, now } = deps;

  /** The controller and rack, when the caller may see them; 404 otherwise (nothing is revealed). */
  async function visibleRack(ctx: AuthContext, id: number, ref: string) {
    const controller = await repo.controller(id);
    if (!controller?.authorised || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
    if (!(await repo.rackExists(id, ref))) throw new AppError(404, 'not_found');
    return controller;
  }

  async function read(id: number, ref: string) {
    const system = await repo.system(id, ref);
    const events = await repo.events(id, ref);
    if (!system) return { system: null, events: events.map((e) => toEventDto(e, undefined)) };
    const described = describeSystem(system, events, dayOf(now()));
    return { system: described.system, events: events.map((e) => toEventDto(e, described.entries.get(e.id))) };
  }

  return {
    async view(ctx: AuthContext, id: number, ref: string) {
      await visibleRack(ctx, id, ref);
      return read(id, ref);
    },

    async saveSystem(ctx: AuthContext, id: number, ref: string, body: RefrigerantSystemBody) {
      const controller = await visibleRack(ctx, id, ref);
      const before = await repo.system(id, ref);
      const row = {
        controllerId: id,
        rackRef: ref,
        refrigerant: body.refrigerant,
        fullChargeValue: body.full_charge.value,
        fullChargeUnit: body.full_charge.unit,
        applianceType: body.appliance_type,
        leakDetectionSystem: body.leak_detection_system,
      };
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.saveSystem(tx, row, now()), {
        organizationId: controller.organizationId,
        action: 'refrigerant_system.update',
        subjectType: 'refrigerant_system',
        subjectId: `${id}/${ref}`,
        before: before ? { ...before, createdAt: undefined } : null,
        after: row,
      });
      return read(id, ref);
    },

    /**
     * Appends a log entry (the log is a legal record: nothing is edited; a mistake is corrected by an
     * entry naming the one it corrects). A charge keeps the system's full charge and appliance type.
     */
    async addEvent(ctx: AuthContext, id: number, ref: string, body: RefrigerantEventBody) {
      const controller = await visibleRack(ctx, id, ref);
      if (Date.parse(body.at) > now().getTime() + 5 * 60_000) throw fieldError('at', 'date_in_future');
      if (body.job_id !== undefined) {
        const ok =
          controller.organizationId !== null && (await repo.jobInOrganization(body.job_id, controller.organizationId));
        if (!ok) throw fieldError('job_id', 'unknown_option');
      }
      const eventId = await db.transaction(async (tx) => {
        await repo.lockSystem(tx, id, ref);
        const system = await repo.system(id, ref, tx);
        if (!system) throw fieldError('type', 'refrigerant_system_missing');
        if (body.corrects_event_id !== undefined) {
          const log = await repo.events(id, ref, tx);
          const target = log.find((e) => e.id === body.corrects_event_id);
          if (!target || log.some((e) => e.correctsEventId === body.corrects_event_id)) {
            throw fieldError('corrects_event_id', 'correction_target_invalid');
          }
        }
        const isCharge = body.type === 'charge';
        const newId = await repo.insertEvent(tx, {
          controllerId: id,
          rackRef: ref,
          type: body.type,
          at: new Date(body.at),
          amountValue: body.amount?.value ?? null,
          amountUnit: body.amount?.unit ?? null,
          fullChargeKg: isCharge ? toKg({ value: system.fullChargeValue, unit: system.fullChargeUnit }) : null,
          applianceType: isCharge ? system.applianceType : null,
          technician: body.technician,
          certificationNumber: blankToNull(body.certification_number),
          result: body.result ?? null,
          testKind: body.type === 'verification_test' ? (body.test_kind ?? null) : null,
          leakLocation: blankToNull(body.leak_location),
          notes: blankToNull(body.notes),
          jobId: body.job_id ?? null,
          correctsEventId: body.corrects_event_id ?? null,
          createdBy: ctx.user.id,
        });
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: controller.organizationId,
            action: 'refrigerant_event.create',
            subjectType: 'refrigerant_event',
            subjectId: newId,
            after: { controllerId: id, rackRef: ref, ...body },
          },
          tx,
        );
        return newId;
      });
      const result = await read(id, ref);
      const event = result.events.find((e) => e.id === eventId);
      if (!event) throw new Error('refrigerant event vanished');
      return { event, system: result.system };
    },
  };
}

export type RefrigerantService = ReturnType<typeof createRefrigerantService>;

/** A mass in the unit asked for, to a tenth (exports). */
export const massIn = (kg: number, unit: 'lb' | 'kg') => Math.round(fromKg(kg, unit) * 10) / 10;
