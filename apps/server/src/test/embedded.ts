import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import { seedDemo } from '../seed/demo.ts';

export type EmbeddedTestDatabase = { database: Database; dataDir: string; remove: () => Promise<void> };

/**
 * The demo on PGlite in a temporary directory on disk, as `npm start` runs it (not in memory);
 * `under`: the directory to make it in (a small filesystem, say), the system's temporary one by default.
 */
export async function openEmbeddedTestDatabase(under = os.tmpdir()): Promise<EmbeddedTestDatabase> {
  const root = fs.mkdtempSync(path.join(under, 'rcm-embedded-'));
  const dataDir = path.join(root, 'data');
  const database = await openDatabase({ dataDir });
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, new Date(), { history: false });
  return {
    database,
    dataDir,
    remove: async () => {
      await database.close().catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
