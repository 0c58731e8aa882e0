import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { ping, trySessionLock } from './lock-repo.ts';
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
 * with the connection, so when the holder dies (or loses PostgreSQL) another instance wins the next
 * attempt, every `everyMs`. The holder checks its connection as often and steps down (`onLose`) when
 * it is gone: PostgreSQL may already have given the lock to someone else.
 *
 * PGlite belongs to one process: that process always holds the role.
 */
export function startLeadership(deps: {
  database: Database;
  name: string;
  log: FastifyBaseLogger;
  everyMs?: number;
  onLead: () => Promise<void>;
  onLose: () => Promise<void>;
}): Leadership {
  const everyMs = deps.everyMs ?? 3000;
  const key = lockKey(deps.name);
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

  const attempt = async () => {
    if (stopped) return;
    if (leader) {
      if (!client) return;
      // Still holding it? The connection is the lock.
      const alive = await ping(client).then(
        () => true,
        () => false,
      );
      if (!alive) await stepDown('database connection lost');
      return;
    }
    if (Date.now() < pausedUntil) return;
    if (!deps.database.url) {
      leader = true;
      await lead();
      return;
    }
    if (!client) {
      // A query that hangs (a network cut without a reset) counts as a lost connection.
      const c = new pg.Client({ connectionString: deps.database.url, query_timeout: everyMs });
      // A connection that breaks (PostgreSQL restarted) emits 'error': never fatal here.
      c.on('error', () => undefined);
      c.on('end', () => {
        if (client === c) void serial(() => stepDown('database connection closed'));
      });
      try {
        await c.connect();
      } catch {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
    }
    const won = await trySessionLock(client, key)
      .then((r) => r.rows[0]?.locked === true)
      .catch(() => null);
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
      pausedUntil = Date.now() + everyMs;
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
        pausedUntil = Date.now() + ms;
        await stepDown('yielded');
      }),
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await serial(() => stepDown('stopping'));
    },
  };
}
