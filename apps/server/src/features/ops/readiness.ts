/**
 * What a load balancer asks before sending work: is this instance able to take it? Each part
 * (database, broker, Redis) registers a check; a check throws a ReadinessFailure (or anything) when
 * its part cannot serve, or a ReadinessDegraded when it serves but something needs an operator (the
 * broker has dropped messages): the instance is then `degraded`, still answering 200, as taking it
 * out of the balancer would not help. While the instance drains for shutdown it is never ready.
 */
export type CheckResult = { status: 'ok' | 'degraded' | 'failed'; reason?: string };
export type ReadinessReport = {
  status: 'ready' | 'degraded' | 'not_ready' | 'draining';
  checks: Record<string, CheckResult>;
};

/** A failure whose message is safe to show (no URLs, hosts or credentials). */
export class ReadinessFailure extends Error {}
/** Serving, but not as it should: the message (safe to show, like a failure's) says why. */
export class ReadinessDegraded extends Error {}

const CHECK_TIMEOUT_MS = 2000;

export function createReadiness() {
  const checks = new Map<string, () => Promise<unknown> | unknown>();
  let draining = false;

  async function run(fn: () => Promise<unknown> | unknown): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(fn),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new ReadinessFailure('timed out')), CHECK_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (err) {
      if (err instanceof ReadinessDegraded) return { status: 'degraded', reason: err.message };
      // Only our own fixed phrases leave the process: a driver's message may name hosts or users.
      return { status: 'failed', reason: err instanceof ReadinessFailure ? err.message : 'unavailable' };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Adds (or replaces) the check of one part. */
    register(name: string, check: () => Promise<unknown> | unknown): void {
      checks.set(name, check);
    },
    get draining(): boolean {
      return draining;
    },
    /** From now on the instance answers "not ready" and refuses new ingest (graceful shutdown). */
    startDraining(): void {
      draining = true;
    },
    async report(): Promise<ReadinessReport> {
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((n) => run(checks.get(n) as () => unknown)));
      const byName = Object.fromEntries(names.map((n, i) => [n, results[i] as CheckResult]));
      const failed = results.some((r) => r.status === 'failed');
      const degraded = results.some((r) => r.status === 'degraded');
      const status = draining ? 'draining' : failed ? 'not_ready' : degraded ? 'degraded' : 'ready';
      return { status, checks: byName };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
