import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { createLockRepo } from './lock-repo.ts';
import { lockKey } from './scheduler.ts';

export type Leadership = {
  isLeader: () => boolean;
  /** The first election attempt (and, when it won, `onLead`) has finished. */
  ready: Promise<void>;
  /** Give the role up for a while (another holder showed up); this instance runs again later. */
  yieldFor: (ms: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * One instance of the deployment at a time holds a role (the MQTT safety net), through the same
 * PostgreSQL advisory-lock keys as the scheduler's run-once tasks, but held for as long as this
 * instance lives: a session-level `pg_try_advisory_lock` on a connection of its own. The lock goes
 * with the connection, so when the holder dies another instance wins the next attempt, every
 * `everyMs`. The holder checks its connection as often. When it is gone, the holder keeps the role
 * while PostgreSQL cannot be reached (no instance can take the lock then) and takes the lock again on
 * a new connection once it can; only when another instance got there first does it step down
 * (`onLose`). So a database outage does not stop and restart the role: a restarted safety net would
 * replay everything its broker session queued meanwhile.
 *
 * PGlite belongs to one process: that process always holds the role.
 */
export function startLeadership(deps: {
  database: Pick<Database, 'url'>;
  name: string;
  log: FastifyBaseLogger;
  everyMs?: number;
  onLead: () => Promise<void>;
  onLose: () => Promise<void>;
}): Leadership {
  const everyMs = deps.everyMs ?? 3000;
  const key = lockKey(deps.name);
  const locks = createLockRepo();
  let leader = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  // One transition at a time: an election attempt, a step-down, stop.
  let chain: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    const next = chain.then(work).catch((err: unknown) => {
      deps.log.error({ err, role: deps.name }, 'leadership: transition failed');
    });
    chain = next;
    return next;
  };

  const dropClient = async () => {
    const c = client;
    client = null;
    // Closing the connection releases the session lock.
    await c?.end().catch(() => undefined);
  };

  const stepDown = async (why: string) => {
    await dropClient();
    if (!leader) return;
    leader = false;
    deps.log.warn({ role: deps.name, why }, 'leadership: stepped down');
    await deps.onLose();
  };

  const lost = () =>
    deps.log.warn({ role: deps.name }, 'leadership: database connection lost; keeping the role until it is back');

  /** A connection of its own, or null while PostgreSQL cannot be reached. */
  const connect = async (url: string): Promise<pg.Client | null> => {
    // A query that hangs (a network cut without a reset) counts as a lost connection.
    const c = new pg.Client({ connectionString: url, query_timeout: everyMs });
    // A connection that breaks (PostgreSQL restarted) emits 'error': never fatal here.
    c.on('error', () => undefined);
    // The lock went with it: the next attempt takes it again (or learns who has it).
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (leader) lost();
    });
    try {
      await c.connect();
      return c;
    } catch {
      await c.end().catch(() => undefined);
      return null;
    }
  };

  /** Whether this connection now holds the lock; null when PostgreSQL did not answer. */
  const tryLock = (c: pg.Client): Promise<boolean | null> =>
    locks
      .trySessionLock(key, c)
      .then((r) => r.rows[0]?.locked === true)
      .catch(() => null);

  /** The holder: still holding the lock, or holding it again after PostgreSQL came back, or not. */
  const hold = async (url: string) => {
    if (client) {
      const alive = await locks.ping(client).then(
        () => true,
        () => false,
      );
      if (alive) return;
      await dropClient();
      lost();
    }
    const c = await connect(url);
    if (!c) return;
    client = c;
    const won = await tryLock(c);
    if (won === null) return dropClient();
    if (!won) return stepDown('another instance holds the role');
    deps.log.info({ role: deps.name }, 'leadership: database connection back; this instance still holds the role');
  };

  const attempt = async () => {
    if (stopped) return;
    const url = deps.database.url;
    if (leader) {
      if (url) await hold(url);
      return;
    }
    if (performance.now() < pausedUntil) return;
    if (!url) {
      leader = true;
      await lead();
      return;
    }
    client ??= await connect(url);
    if (!client) return;
    const won = await tryLock(client);
    if (won === null) {
      await dropClient();
      return;
    }
    if (!won || stopped) return;
    leader = true;
    deps.log.info({ role: deps.name }, 'leadership: this instance holds the role');
    await lead();
  };

  /** A role that cannot start is given back (another instance, or a later attempt, takes it). */
  const lead = async () => {
    try {
      await deps.onLead();
    } catch (err) {
      deps.log.error({ err, role: deps.name }, 'leadership: could not take up the role');
      leader = false;
      await dropClient();
      pausedUntil = performance.now() + everyMs;
    }
  };

  const ready = serial(attempt);
  timer = setInterval(() => void serial(attempt), everyMs);
  timer.unref();

  return {
    isLeader: () => leader,
    ready,
    yieldFor: (ms) =>
      serial(async () => {
        pausedUntil = performance.now() + ms;
        await stepDown('yielded');
      }),
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await serial(() => stepDown('stopping'));
    },
  };
}
