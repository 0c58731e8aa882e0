import { execFileSync } from 'node:child_process';
import { missingBinaries, which } from './services.ts';

/**
 * What this machine's run of `npm test` leaves out, and why: the tests that need PostgreSQL, the
 * brokers, the fault tests' own services or root. Each such file also says so where it skips; this is
 * the one list at the end of the run (vitest's global setup prints it), so a local green run cannot
 * pass for a full one.
 */
export function skippedSuites(env: NodeJS.ProcessEnv): string[] {
  const skipped: string[] = [];
  const missing = missingBinaries();
  if (!env.TEST_DATABASE_URL) {
    skipped.push('every API test on PostgreSQL (project server-postgres): set TEST_DATABASE_URL');
    skipped.push(
      'the fault tests (instances killed, PostgreSQL, Mosquitto and Redis restarted): set TEST_DATABASE_URL',
    );
  } else if (missing.length > 0) {
    skipped.push(`the fault tests: ${missing.join(', ')} not installed`);
  }
  if (!env.TEST_DATABASE_URL || !env.TEST_MQTT_URL || !env.TEST_REDIS_URL) {
    skipped.push('two instances through Mosquitto and Redis: set TEST_DATABASE_URL, TEST_MQTT_URL and TEST_REDIS_URL');
  }
  if (!env.TEST_MQTT_URL) skipped.push('the broker-drops test: set TEST_MQTT_URL');
  if (!which('mosquitto', ['/usr/sbin'])) skipped.push('the safety net and held-acks tests: mosquitto not installed');
  else if (!which('mosquitto_pub', ['/usr/sbin']))
    skipped.push('the safety net thread test: mosquitto-clients not installed');
  if (!which('initdb', ['/usr/local/bin', '/usr/lib/postgresql/15/bin'])) {
    skipped.push('the leadership test: PostgreSQL binaries not installed');
  }
  if (!canMountTmpfs()) skipped.push('the full-disk tests on a real small filesystem: mounting a tmpfs needs root');
  return skipped;
}

function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** vitest's global teardown: the list, printed when the run ends. */
export function teardown(): void {
  if (process.env.TEST_DATABASE_URL) {
    console.log(
      '\nThe features’ API tests ran on PostgreSQL; PGlite ran its own set (database layer, embedded operations, ingest, demo and setup, sign-in, reports, scheduled tasks, the every-route sweeps). Unset TEST_DATABASE_URL to run every file on PGlite.',
    );
  }
  const skipped = skippedSuites(process.env);
  if (skipped.length === 0) {
    console.log('\nNo test suite was skipped for want of a service, a binary or root.');
    return;
  }
  console.log(`\nSkipped on this machine (${skipped.length}):\n${skipped.map((s) => `  - ${s}`).join('\n')}`);
}
