/**
 * npm run bench:writer -- [--messages 2000] [--per-message 3] [--controllers 800] [--rounds 10]
 *
 * The ingest writer alone on PostgreSQL: one batch transaction of `messages` telemetry messages, timed
 * per round, without MQTT or publishers — what one batch costs the database.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { loadRules } from '../apps/server/src/features/alarms/engine/rules-cache.ts';
import type { DeviceRecord } from '../apps/server/src/features/ingest/pipeline/device-registry.ts';
import { type BatchItem, createWriterRepos, writeBatch } from '../apps/server/src/features/ingest/writer/writer.ts';
import { query } from '../apps/server/src/lib/sql.ts';
import { freshDatabase, seedControllers } from './lib/bench-db.ts';
import { record } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    'per-message': { type: 'string', default: '3' },
    controllers: { type: 'string', default: '800' },
    rounds: { type: 'string', default: '10' },
    'setup-sql': { type: 'string', default: '' },
  },
});
const messages = Number(values.messages);
const perMessage = Number(values['per-message']);
const controllers = Number(values.controllers);
const url = await freshDatabase('rcm_bench_writer');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedControllers(url, controllers);
if (values['setup-sql']) await database.db.execute(sql.raw(values['setup-sql']));
const rows = await query<{ id: number; mac_address: string; organization_id: number; location_id: number }>(
  database.db,
  sql`select id, mac_address, organization_id, location_id from controllers order by id`,
);
const devices: DeviceRecord[] = rows.map((r) => ({
  id: r.id,
  mac: r.mac_address,
  kind: 'controller',
  gatewayId: null,
  name: null,
  authorised: true,
  organizationId: r.organization_id,
  locationId: r.location_id,
  deviceAddress: null,
  warrantyExpiry: null,
  deviceKeyHash: null,
  secureMode: false,
  online: true,
}));
const rules = await loadRules(database.db);
const repos = createWriterRepos();
let n = 0;
function batch(): BatchItem[] {
  return Array.from({ length: messages }, (_, i) => {
    const device = devices[i % devices.length] as DeviceRecord;
    n += 1;
    const points = Array.from({ length: Math.max(0, perMessage - 3) }, (_, p) => ({
      addr: `A.P${p}`,
      value: 30 + ((n + p) % 10),
      unit: 'psig',
      status: 'ok',
    }));
    return {
      channel: 'telemetry',
      device,
      message: {
        msg_id: `w${n}`,
        ts: new Date(Date.now() + i).toISOString(),
        racks: [{ ref: 'A', metrics: { superheat: 8 + (n % 3), liquid_level: 60, oil_pressure: 30 }, points }],
      },
    } as BatchItem;
  });
}
// Warm-up: every controller's racks and points exist before timing (the steady state of a fleet).
for (let r = 0; r < Math.ceil(controllers / messages); r++) {
  const items = batch();
  await database.db.transaction((tx) => writeBatch(repos, tx as never, { items, rules, now: new Date() }));
}
const times: number[] = [];
const timings: Record<string, number> = {};
// As the pipeline does: a controller's last_seen_at is written at most every few seconds.
const seenWritten = new Map<number, number>();
for (let r = 0; r < Number(values.rounds); r++) {
  const items = batch();
  const started = performance.now();
  await database.db.transaction((tx) =>
    writeBatch(repos, tx as never, { items, rules, now: new Date(), timings, seenWritten }),
  );
  times.push(performance.now() - started);
}
const rounds = Number(values.rounds);
console.log(
  `steps (mean ms/batch): ${Object.entries(timings)
    .map(([k, v]) => `${k} ${(v / rounds).toFixed(1)}`)
    .join(', ')}`,
);
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `writer: ${messages} messages × ${perMessage} readings over ${controllers} controllers: median ${median.toFixed(1)} ms/batch, ` +
    `${Math.round((messages * perMessage) / (median / 1000))} readings/s, ${Math.round(messages / (median / 1000))} msg/s`,
);
record(
  'writer',
  ['date', 'messages/batch', 'readings/msg', 'controllers', 'ms/batch (median)', 'readings/s', 'msg/s'],
  [
    new Date().toISOString().slice(0, 16),
    messages,
    perMessage,
    controllers,
    median.toFixed(1),
    Math.round((messages * perMessage) / (median / 1000)),
    Math.round(messages / (median / 1000)),
  ],
);
await database.close();
