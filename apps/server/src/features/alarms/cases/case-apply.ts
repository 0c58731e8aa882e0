import type { DbOrTx } from '../../../db/client.ts';
import { type CaseHour, createCaseRepo, type HeldPeriod } from './case-repo.ts';
import type { CaseRecord } from './case-state.ts';

const repo = createCaseRepo();

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes what the case rules recorded in the batch's transaction: defrost and door periods in order
 * (they are rare: a few a day per case), held-back alarms and finished hours in one statement each.
 * An hour recorded twice in a batch (a controller's hour ended by two messages) is summed first.
 */
export async function applyCaseRecords(tx: DbOrTx, records: ReadonlyMap<number, CaseRecord[]>): Promise<void> {
  const held: HeldPeriod[] = [];
  const hours = new Map<string, CaseHour>();
  for (const [controllerId, list] of records) {
    for (const r of list) {
      switch (r.kind) {
        case 'event-start':
          await repo.startCaseEvent(
            { controllerId, rackRef: r.rackRef, addr: r.addr, kind: r.type, at: iso(r.at) },
            tx,
          );
          break;
        case 'event-end':
          await repo.endCaseEvent({ controllerId, addr: r.addr, kind: r.type, at: iso(r.at) }, tx);
          break;
        case 'held':
          held.push({
            controllerId,
            rackRef: r.rackRef,
            addr: r.addr,
            kind: `held_${r.cause}`,
            ruleId: r.ruleId,
            since: iso(r.since),
            until: iso(r.until),
          });
          break;
        case 'hour': {
          if (r.observedMs === 0) break;
          const key = `${controllerId}|${r.addr}|${r.bucket}`;
          const row = hours.get(key);
          if (row) {
            row.observedS += r.observedMs / 1000;
            row.heldS += r.heldMs / 1000;
            row.inRangeS += r.inRangeMs / 1000;
          } else
            hours.set(key, {
              controllerId,
              addr: r.addr,
              rackRef: r.rackRef,
              bucket: iso(r.bucket),
              observedS: r.observedMs / 1000,
              heldS: r.heldMs / 1000,
              inRangeS: r.inRangeMs / 1000,
            });
          break;
        }
        default: {
          const unreachable: never = r;
          throw new Error(`unknown case record ${JSON.stringify(unreachable)}`);
        }
      }
    }
  }
  if (held.length > 0) await repo.insertHeld(held, tx);
  if (hours.size > 0) await repo.addCaseHours([...hours.values()], tx);
}
