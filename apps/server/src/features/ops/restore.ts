import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { fsyncTree, openEmbedded } from '../../db/pglite.ts';
import { extractTarGz } from './tar.ts';

export class RestoreError extends Error {}

/**
 * Restores a backup (features/ops/backups.ts) into `dataDir`, which must be empty or absent: the
 * archive is extracted, PGlite starts on it once (replaying the WAL the copy holds, which makes it
 * consistent) and checkpoints, and every file is flushed to disk. A directory it could not restore
 * into is emptied again.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ files: number; users: number }> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreError(`no backup file at ${file}`);
  const target = path.resolve(dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new RestoreError(`${target} is not empty: restore only into an empty or new directory`);
  }
  // The directory's lock before anything is written into it: no server may start on half a restore.
  const lock = await lockDataDir(target, 'restore');
  try {
    const files = await extractTarGz(file, target);
    if (!fs.existsSync(path.join(target, 'PG_VERSION'))) throw new RestoreError(`${file} is not a database backup`);
    const { client: db } = await openEmbedded(target, { lock });
    try {
      const res = await db.query<{ n: number }>('select count(*)::int as n from users');
      await db.exec('checkpoint');
      const users = res.rows[0]?.n ?? 0;
      await db.close();
      fsyncTree(target);
      return { files, users };
    } catch (err) {
      await db.close().catch(() => undefined);
      throw err;
    }
  } catch (err) {
    for (const entry of fs.readdirSync(target)) fs.rmSync(path.join(target, entry), { recursive: true, force: true });
    throw err;
  } finally {
    await lock.release();
  }
}
