/**
 * npm run bench:api -- [--alarms 1000000] [--controllers 10000] [--organizations 100] [--seconds 20] [--reuse]
 *
 * --reuse: keep the database a previous run seeded at the same scale (the calls are reads; only
 * sessions are added), instead of seeding it again; it is seeded when missing or of another scale.
 *
 * Seeds PostgreSQL at scale, then loads the dashboard's calls (the alarm list with filters and the
 * stat tiles) with 50 concurrent connections through the real HTTP API, as an organization's
 * manager and as a staff user who sees every organization.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { BENCH_DB_URL, databaseUrl, freshDatabase } from './lib/bench-db.ts';
import { record } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    alarms: { type: 'string', default: '1000000' },
    controllers: { type: 'string', default: '10000' },
    organizations: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    reuse: { type: 'boolean', default: false },
  },
});
const alarms = Number(values.alarms);
const controllers = Number(values.controllers);
const orgs = Number(values.organizations);

const DB_NAME = 'rcm_bench_api';
const scale = `${alarms}/${controllers}/${orgs}`;
const reusable = values.reuse ? await seededScale(DB_NAME) : null;
const url = reusable === scale ? databaseUrl(DB_NAME) : await freshDatabase(DB_NAME);
const database = await openDatabase({ url });
const seedSeconds = reusable === scale ? 'reused' : await seed();

/** The scale a previous run seeded (a comment on the database), or null. */
async function seededScale(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: BENCH_DB_URL });
  await admin.connect();
  const res = await admin.query('select shobj_description(oid, $2) as scale from pg_database where datname = $1', [
    name,
    'pg_database',
  ]);
  await admin.end();
  return (res.rows[0]?.scale as string | undefined) ?? null;
}

async function seed(): Promise<string> {
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, new Date(), { history: false });

  // Bulk seed in SQL: the counter trigger is switched off for the load and the counters rebuilt once.
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`insert into organizations (name) select 'Bench Org ' || g from generate_series(1, $1) g`, [orgs]);
  await client.query(`insert into locations (organization_id, name)
    select o.id, o.name || ' Store ' || s from organizations o, generate_series(1, 5) s where o.name like 'Bench Org %'`);
  await client.query(
    `insert into controllers (mac_address, name, organization_id, location_id, authorised, online, warranty_expiry, device_address, last_seen_at)
     select '02:cc:' || lpad(to_hex(g), 8, '0'), 'Bench rack ' || g, l.organization_id, l.id, true, g % 20 <> 0,
            case when g % 3 = 0 then current_date + 200 else current_date - 100 end, (g % 8 + 1)::text, now()
     from generate_series(1, $1) g
     join (select id, organization_id, row_number() over (order by id) as rn from locations where name like 'Bench Org %') l
       on l.rn = (g % (select count(*) from locations where name like 'Bench Org %')) + 1`,
    [controllers],
  );
  await client.query('alter table alarms disable trigger alarms_counters');
  await client.query(
    `insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref, device_address, reason,
       severity, status, warranty, raised_at, registered_at, last_occurrence_at, acknowledged_at)
     select t.id, c.id, c.organization_id, c.location_id, 'A:' || g, 'A', c.device_address, t.name || ' (bench)',
            t.severity, case when g % 50 = 0 then 'active' when g % 50 = 1 then 'acknowledged' else 'cleared' end,
            c.warranty_expiry >= current_date, now() - (g || ' seconds')::interval * 30, now(), now(),
            case when g % 50 = 0 then null else now() end
     from generate_series(1, $1) g
     join (select id, organization_id, location_id, device_address, warranty_expiry, row_number() over (order by id) as rn
           from controllers where mac_address like '02:cc:%') c on c.rn = (g % $2) + 1
     join (select id, name, severity, row_number() over (order by id) as rn from alarm_types) t
       on t.rn = (g % (select count(*) from alarm_types)) + 1`,
    [alarms, controllers],
  );
  await client.query('alter table alarms enable trigger alarms_counters');
  await client.query('delete from alarm_counters');
  await client.query(`insert into alarm_counters (organization_id, location_id, status, warranty, severity, count)
    select organization_id, coalesce(location_id, 0), status, warranty, severity, count(*) from alarms group by 1, 2, 3, 4, 5`);
  await client.query('analyze');
  const [orgRow] = (await client.query(`select id from organizations where name = 'Bench Org 1'`)).rows as {
    id: number;
  }[];
  await client.query(`update users set organization_id = $1 where email = 'manager@example.com'`, [orgRow?.id]);
  await client.query(`comment on database ${DB_NAME} is '${scale}'`);
  await client.end();
  return `seeded in ${((performance.now() - started) / 1000).toFixed(0)}s`;
}

const config = loadConfig({
  DATABASE_URL: url,
  PORT: '0',
  HOST: '127.0.0.1',
  MQTT_PORT: 'none',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
});
const server = await startServer({ config, database, scheduler: false });

async function token(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return (res.headers.get('authorization') ?? '').replace('Bearer ', '');
}

const scenarios = [
  {
    who: 'manager (one organization)',
    email: 'manager@example.com',
    path: '/api/alarms?status=active,acknowledged&per_page=25',
  },
  { who: 'manager (one organization)', email: 'manager@example.com', path: '/api/alarms/stats' },
  {
    who: 'admin (all organizations)',
    email: 'admin@example.com',
    path: '/api/alarms?status=active&severity=critical,high&per_page=25',
  },
  { who: 'admin (all organizations)', email: 'admin@example.com', path: '/api/alarms?per_page=25' },
  { who: 'admin (all organizations)', email: 'admin@example.com', path: '/api/alarms/stats?warranty=true' },
];
console.log(`bench:api ${alarms} alarms, ${controllers} controllers, ${orgs} organizations (${seedSeconds})`);
for (const s of scenarios) {
  const auth = await token(s.email);
  const result = await autocannon({
    url: `${server.url}${s.path}`,
    connections: 50,
    duration: Number(values.seconds),
    headers: { authorization: `Bearer ${auth}` },
  });
  const row = {
    who: s.who,
    path: s.path.replace('/api/', ''),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.table(row);
  record(
    'api',
    ['date', 'alarms', 'user', 'call', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors'],
    [new Date().toISOString().slice(0, 16), alarms, ...Object.values(row)],
  );
}
await server.close();
await database.close();
process.exit(0);
