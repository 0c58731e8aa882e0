/**
 * `npm run restore -w apps/server -- FILE --data-dir DIR`
 *
 * Restores a backup of the embedded database (Settings → Backups, or BACKUP_DIR) into DIR, which must
 * be empty or not exist yet. Then start the server with DATA_DIR=DIR.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreError, restoreBackup } from './restore.ts';

const USAGE = 'usage: npm run restore -w apps/server -- FILE --data-dir DIR';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: { 'data-dir': { type: 'string' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [given] = parsed.positionals;
  const givenDir = parsed.values['data-dir'];
  if (!given || !givenDir || parsed.positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  // `npm run -w apps/server` runs in apps/server: relative paths mean where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, given);
  const dataDir = path.resolve(base, givenDir);
  try {
    const result = await restoreBackup(file, dataDir);
    console.log(`Restored ${file} into ${dataDir} (${result.files} files, ${result.users} users).`);
    console.log(`Start the server on it with DATA_DIR=${dataDir}.`);
    return 0;
  } catch (err) {
    console.error(err instanceof RestoreError ? err.message : `Restore failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
