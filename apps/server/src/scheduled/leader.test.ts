import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordingLog, waitFor } from '../test/safety-net.ts';
import { startPostgres, which } from '../test/services.ts';
import { startLeadership } from './leader.ts';
import { lockKey } from './scheduler.ts';

/*
 * The role across a database outage, on a PostgreSQL of its own (it is stopped and started).
 */
const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/local/bin'];
const enabled = which('initdb', PG_BIN) !== null && which('pg_ctl', PG_BIN) !== null;
if (!enabled) console.info('leadership test skipped: PostgreSQL binaries are not installed');

let dir = '';
let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;

beforeAll(async () => {
  if (!enabled) return;
  dir = mkdtempSync(path.join(tmpdir(), 'rcm-leader-'));
  postgres = await startPostgres(dir);
});

afterAll(() => {
  postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!enabled)(
  'keeps the role through a database outage, and steps down when another instance took the lock meanwhile',
  async () => {
    const url = postgres?.url ?? '';
    const name = 'leader-test';
    const { log, warnings, infos } = recordingLog();
    const events: string[] = [];
    const leadership = startLeadership({
      database: { url },
      name,
      log,
      everyMs: 200,
      onLead: async () => void events.push('lead'),
      onLose: async () => void events.push('lose'),
    });
    const other = new pg.Client({ connectionString: url });
    try {
      await leadership.ready;
      expect(leadership.isLeader()).toBe(true);

      // PostgreSQL goes away for a while and comes back: the role is never given up.
      await postgres?.restart(1500);
      await waitFor('the outage noticed', () => warnings.some((w) => w.msg.includes('database connection lost')));
      await waitFor('the lock taken again', () => infos.some((i) => i.msg.includes('database connection back')));
      expect(leadership.isLeader()).toBe(true);
      expect(events).toEqual(['lead']);

      // Its connection is cut and another instance takes the lock first: this one steps down.
      await other.connect();
      await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database()`,
      );
      await other.query('select pg_advisory_lock($1)', [lockKey(name)]);
      await waitFor('the step-down', () => events.includes('lose'));
      expect(leadership.isLeader()).toBe(false);
      expect(events).toEqual(['lead', 'lose']);
    } finally {
      await leadership.stop();
      await other.end().catch(() => undefined);
    }
  },
);
