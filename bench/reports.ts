/**
 * npm run bench:reports -- [--locations 100] [--days 30] [--cases 4] [--runs 5]
 *
 * The HACCP report on PostgreSQL: one controller per location with hourly case-temperature rollups
 * over the range, then the report's first page (JSON: the page plus the whole range's summary), the
 * whole CSV export and the PDF export, through the real HTTP API as a user who sees every location.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freshDatabase } from './lib/bench-db.ts';
import { record } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    locations: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    cases: { type: 'string', default: '4' },
    runs: { type: 'string', default: '5' },
  },
});
const locations = Number(values.locations);
const days = Number(values.days);
const cases = Number(values.cases);
const runs = Number(values.runs);

const url = await freshDatabase('rcm_bench_reports');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedDemo(database.db, new Date(), { history: false });

const started = performance.now();
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(`insert into organizations (name) values ('Bench Grocers')`);
await client.query(
  `insert into locations (organization_id, name, timezone)
   select o.id, 'Bench Store ' || g, case when g % 2 = 0 then 'America/Chicago' else 'America/Monterrey' end
   from organizations o, generate_series(1, $1) g where o.name = 'Bench Grocers'`,
  [locations],
);
await client.query(
  `insert into controllers (mac_address, name, organization_id, location_id, authorised, online)
   select '02:dd:' || lpad(to_hex(l.id), 8, '0'), 'Bench rack ' || l.id, l.organization_id, l.id, true, true
   from locations l where l.name like 'Bench Store %'`,
);
// The last `days` whole days before today (UTC) plus a day either side, every hour of every case.
await client.query(
  `insert into readings_hourly (controller_id, key, bucket, min, max, sum, count)
   select c.id, 'A.CASE' || k, b, 34 + random() * 2, m, m * 60, 60
   from controllers c, generate_series(1, $1) k,
        generate_series(date_trunc('day', now()) - ($2 + 1) * interval '1 day', date_trunc('day', now()), interval '1 hour') b,
        lateral (select case when random() < 0.01 then 42 + random() * 4 else 35 + random() * 4 end as m) v
   where c.mac_address like '02:dd:%'`,
  [cases, days],
);
await client.query('analyze');
const [{ n: rollups } = { n: 0 }] = (await client.query(`select count(*)::int as n from readings_hourly`)).rows as {
  n: number;
}[];
await client.end();
const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);

const config = loadConfig({
  DATABASE_URL: url,
  PORT: '0',
  HOST: '127.0.0.1',
  MQTT_PORT: 'none',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
});
const server = await startServer({ config, database, scheduler: false });
const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'technician@example.com', password: 'demo1234' }),
});
const auth = login.headers.get('authorization') ?? '';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const range = `from=${day(days)}&to=${day(1)}`;
console.log(
  `bench:reports ${locations} locations × ${cases} cases × ${days} days: ${rollups} hourly rollups (seeded in ${seedSeconds}s)`,
);

async function time(path: string): Promise<{ ms: number; bytes: number; rows: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: auth } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.toString().slice(0, 300)}`);
  const rows = path.includes('format=csv')
    ? body.toString().trim().split('\r\n').length - 1
    : path.includes('format=pdf')
      ? 0
      : (JSON.parse(body.toString()) as { meta: { total: number } }).meta.total;
  return { ms, bytes: body.length, rows };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const calls = [
  { what: 'JSON page 1 + summary', path: `/api/reports/haccp?${range}&per_page=50`, runs },
  {
    what: 'CSV export (whole range)',
    path: `/api/reports/haccp?${range}&format=csv`,
    runs: Math.max(1, Math.ceil(runs / 2)),
  },
  { what: 'PDF export (whole range)', path: `/api/reports/haccp?${range}&format=pdf`, runs: 1 },
];
for (const call of calls) {
  await time(call.path); // warm-up
  const results = [];
  for (let i = 0; i < call.runs; i += 1) results.push(await time(call.path));
  const row = {
    call: call.what,
    rows: results[0]?.rows || '—',
    kib: Math.round((results[0]?.bytes ?? 0) / 1024),
    median_ms: Math.round(median(results.map((r) => r.ms))),
    max_ms: Math.round(Math.max(...results.map((r) => r.ms))),
  };
  console.table(row);
  record(
    'reports',
    [
      'date',
      'locations',
      'days',
      'cases/location',
      'hourly rollups',
      'call',
      'report rows',
      'KiB',
      'median ms',
      'max ms',
      'runs',
    ],
    [new Date().toISOString().slice(0, 16), locations, days, cases, rollups, ...Object.values(row), call.runs],
  );
}
await server.close();
await database.close();
