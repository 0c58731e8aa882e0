import type { Db } from '../../../db/client.ts';
import type { AlarmRule } from './engine.ts';
import { createAlarmEngineRepo } from './engine-repo.ts';

const repo = createAlarmEngineRepo();
const TTL_MS = 5_000;

/** The alarm catalogue as engine rules, read in the given transaction or database. */
export async function loadRules(db: Db): Promise<AlarmRule[]> {
  const rows = await repo.alarmTypeRows(db);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    nameEs: r.nameEs,
    source: r.source,
    match: r.match,
    comparator: r.comparator,
    threshold: r.threshold,
    hysteresis: r.hysteresis,
    delaySeconds: r.delaySeconds,
    severity: r.severity,
    autoClear: r.autoClear,
    enabled: r.enabled,
    defrostRecoveryMinutes: r.defrostRecoveryMinutes,
    productProbeMinutes: r.productProbeMinutes,
  }));
}

/** The catalogue cached for the ingest hot path; an edit in settings reaches every instance within seconds. */
export function createRulesCache(db: Db, now: () => number = Date.now) {
  let cached: { rules: AlarmRule[]; expires: number } | null = null;
  return {
    async get(): Promise<AlarmRule[]> {
      if (cached && cached.expires > now()) return cached.rules;
      const rules = await loadRules(db);
      cached = { rules, expires: now() + TTL_MS };
      return rules;
    },
    invalidate(): void {
      cached = null;
    },
  };
}

export type RulesCache = ReturnType<typeof createRulesCache>;
