/**
 * npm run bench:api -- [--alarms 1000000] [--controllers 10000] [--organizations 100] [--seconds 20] [--reuse]
 *
 * --reuse: keep the database a previous run seeded at the same scale (the calls are reads; only
 * sessions are added), instead of seeding it again; it is seeded when missing or of another scale.
 *
 * --only <text>: run only the calls whose path contains the text; --scratch: print, do not record;
 * --server-flags="<node flags>": for the server process, e.g. --server-flags="--cpu-prof --cpu-prof-dir=/tmp/prof".
 * --accept-encoding="br, gzip": ask for compressed answers, as a browser does (autocannon asks for none).
 *
 * Seeds PostgreSQL at scale, then loads the dashboard's calls (the alarm list with filters and the
 * stat tiles) with 50 concurrent connections through the real HTTP API, as an organization's
 * manager and as a staff user who sees every organization. The server runs in its own process, as in
 * production (autocannon in the server's own event loop took a share of its thread); both still
 * share the machine's cores with PostgreSQL. p95 is computed from every response's time; the server's
 * CPU time per request (from /proc) is the figure the machine's other load disturbs least.
 *
 * Then the machine's floor under the same load (bench/lib/floor-server.ts: node:http and one
 * PostgreSQL statement per request, bodies of the tiles' and the list page's size), recorded beside them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { BENCH_DB_URL, databaseUrl, freshDatabase, percentile } from './lib/bench-db.ts';
import { cpuMs } from './lib/process-stats.ts';
import { record } from './lib/report.ts';
import { spawnApiServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    alarms: { type: 'string', default: '1000000' },
    controllers: { type: 'string', default: '10000' },
    organizations: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    reuse: { type: 'boolean', default: false },
    only: { type: 'string' },
    scratch: { type: 'boolean', default: false },
    'server-flags': { type: 'string', default: '' },
    'accept-encoding': { type: 'string' },
  },
});
const alarms = Number(values.alarms);
const controllers = Number(values.controllers);
const orgs = Number(values.organizations);

const DB_NAME = 'rcm_bench_api';
// v2: the status follows the alarm's round over the controllers (g / controllers), not g % 50 (with
// 50 dividing the controller count, every controller, and so every organization, had one status).
// v3: alarm_totals (staff's counts) rebuilt with the counters.
// v4: reasons as long as the engine's, in both languages (reason_es, migration 0015).
const scale = `${alarms}/${controllers}/${orgs}/v4`;
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
       reason_es, severity, status, warranty, raised_at, registered_at, last_occurrence_at, acknowledged_at)
     select t.id, c.id, c.organization_id, c.location_id, 'A:' || g, 'A', c.device_address,
            t.name || ': Rack A superheat ' || (g % 30) || '.5 K below 3 K',
            t.name_es || ': Rack A sobrecalentamiento ' || (g % 30) || '.5 K por debajo de 3 K',
            t.severity, case when (g / $2) % 50 = 0 then 'active' when (g / $2) % 50 = 1 then 'acknowledged' else 'cleared' end,
            c.warranty_expiry >= current_date, now() - (g || ' seconds')::interval * 30, now(), now(),
            case when (g / $2) % 50 = 0 then null else now() end
     from generate_series(1, $1) g
     join (select id, organization_id, location_id, device_address, warranty_expiry, row_number() over (order by id) as rn
           from controllers where mac_address like '02:cc:%') c on c.rn = (g % $2) + 1
     join (select id, name, name_es, severity, row_number() over (order by id) as rn from alarm_types) t
       on t.rn = (g % (select count(*) from alarm_types)) + 1`,
    [alarms, controllers],
  );
  await client.query('alter table alarms enable trigger alarms_counters');
  await client.query('delete from alarm_counters');
  await client.query(`insert into alarm_counters (organization_id, location_id, status, warranty, severity, count)
    select organization_id, coalesce(location_id, 0), status, warranty, severity, count(*) from alarms group by 1, 2, 3, 4, 5`);
  await client.query('delete from alarm_total_changes');
  await client.query('delete from alarm_totals');
  await client.query(`insert into alarm_totals (status, warranty, severity, count)
    select status, warranty, severity, sum(count) from alarm_counters group by 1, 2, 3`);
  // Vacuum too: it sets the new rows' hint bits and the visibility map, which the first reads after a
  // bulk insert would otherwise do (writing pages) while being measured: the first run after a seed was
  // ~25 % slower than the next.
  await client.query('vacuum (analyze)');
  const [orgRow] = (await client.query(`select id from organizations where name = 'Bench Org 1'`)).rows as {
    id: number;
  }[];
  await client.query(`update users set organization_id = $1 where email = 'manager@example.com'`, [orgRow?.id]);
  await client.query(`comment on database ${DB_NAME} is '${scale}'`);
  await client.end();
  return `seeded in ${((performance.now() - started) / 1000).toFixed(0)}s`;
}

await database.close();

/**
 * The node flags production starts the server with (apps/server's `start` script, which deploy/ copies),
 * e.g. `--max-semi-space-size=64`, so the bench measures the server users get.
 */
function productionNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../apps/server/package.json'), 'utf8'));
  const words = String(pkg.scripts.start).split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((w) => w.startsWith('--'));
}
const serverFlags = [...productionNodeFlags(), ...(values['server-flags'] || '').split(' ').filter(Boolean)];

const server = await spawnApiServer(url, serverFlags);
const { child } = server;

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

/** 50 connections on one call: 3 s unmeasured (JIT and pools warm up), then the measured run. */
async function load(target: string, pid: number, headers: Record<string, string>) {
  await autocannon({ url: target, connections: 50, duration: 3, headers });
  const times: number[] = [];
  const cpuBefore = cpuMs(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target, connections: 50, duration: Number(values.seconds), headers },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: Number(percentile(times, 95).toFixed(1)),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: Math.round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total)),
  };
}

function report(who: string, call: string, measured: Awaited<ReturnType<typeof load>>): void {
  const row = { who, path: call, ...measured };
  console.table(row);
  if (!values.scratch) {
    record(
      'api',
      ['date', 'alarms', 'user', 'call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'server CPU µs/req'],
      [new Date().toISOString().slice(0, 16), alarms, ...Object.values(row)],
    );
  }
}

const flagsNote = `server flags ${serverFlags.join(' ')}`;
const socketNote = /[?&]host=(\/|%2F)/i.test(url) ? 'PostgreSQL over its Unix socket' : null;
for (const s of scenarios.filter((x) => !values.only || x.path.includes(values.only))) {
  const auth = await token(s.email);
  const encoding = values['accept-encoding'];
  const measured = await load(`${server.url}${s.path}`, child.pid as number, {
    authorization: `Bearer ${auth}`,
    ...(encoding ? { 'accept-encoding': encoding } : {}),
  });
  const encodingNote = encoding ? `Accept-Encoding: ${encoding}` : null;
  report(
    [s.who, socketNote, flagsNote, encodingNote].filter(Boolean).join('; '),
    s.path.replace('/api/', ''),
    measured,
  );
}

/**
 * The machine's floor, recorded beside the calls: the same load on a bare node:http server that runs
 * one PostgreSQL statement per request and sends its text (bench/lib/floor-server.ts), with a body as
 * large as the tiles' and as the manager's list page. No API call can be cheaper than its floor;
 * machines differ several times over in it, so it says how far a result is the code and how far the machine.
 */
/** The manager's list page in bytes as sent (UTF-8: the Spanish reasons' accents take two). */
async function listPageBytes(): Promise<number> {
  const res = await fetch(`${server.url}${scenarios[0]?.path}`, {
    headers: { authorization: `Bearer ${await token('manager@example.com')}` },
  });
  return (await res.arrayBuffer()).byteLength;
}
const floors =
  values.only && !values.only.startsWith('floor')
    ? []
    : [`floor?bytes=100`, `floor?bytes=${await listPageBytes()}`].filter(
        (p) => !values.only || p.includes(values.only),
      );
if (floors.length > 0) {
  const floor = await spawnApiServer(url, serverFlags, 'bench/lib/floor-server.ts');
  for (const call of floors) {
    const measured = await load(`${floor.url}/${call}`, floor.child.pid as number, {});
    report(
      ['floor: node:http, one PostgreSQL statement, no framework or auth', socketNote, flagsNote]
        .filter(Boolean)
        .join('; '),
      call,
      measured,
    );
  }
  floor.child.kill('SIGTERM');
  await new Promise((resolve) => floor.child.once('exit', resolve));
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
process.exit(0);
