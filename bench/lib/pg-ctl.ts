import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { which } from '../../apps/server/src/test/services.ts';

/** pg_ctl on the bench's own PostgreSQL (as `postgres` when run as root, as PostgreSQL requires). */
export function pgCtl(pgData: string, args: string[]): void {
  const bin = which('pg_ctl', ['/usr/lib/postgresql/15/bin', '/usr/local/bin']) ?? 'pg_ctl';
  const argv = [bin, '-D', pgData, ...args];
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', ...argv], { stdio: 'ignore' });
  else execFileSync(argv[0] as string, argv.slice(1), { stdio: 'ignore' });
}

/**
 * Stops the bench's own PostgreSQL `stopAtMs` from now (fast shutdown) and starts it again `stopS`
 * seconds later; `onBack` is called once it is up.
 */
export function schedulePgStop(pgData: string, stopAtMs: number, stopS: number, onBack: () => void): void {
  setTimeout(() => {
    console.log(`PostgreSQL stopped at ${stopAtMs / 1000} s for ${stopS} s`);
    pgCtl(pgData, ['-m', 'fast', '-w', 'stop']);
    setTimeout(() => {
      // The port may be taken for a moment (a client's ephemeral port): try again.
      for (let attempt = 1; ; attempt++) {
        try {
          pgCtl(pgData, ['-l', path.join(pgData, 'log'), '-w', 'start']);
          break;
        } catch (err) {
          if (attempt === 10) throw err;
          execFileSync('sleep', ['1']);
        }
      }
      onBack();
      console.log('PostgreSQL started again');
    }, stopS * 1000);
  }, stopAtMs);
}
