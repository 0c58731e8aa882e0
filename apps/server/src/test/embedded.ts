import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureAlarmCatalogue } from '../features/alarms/catalogue.ts';
import { seedDemo } from '../seed/demo.ts';

export type EmbeddedTestDatabase = { database: Database; dataDir: string; remove: () => Promise<void> };

/** The demo on PGlite in a temporary directory on disk, as `npm start` runs it (not in memory). */
export async function openEmbeddedTestDatabase(): Promise<EmbeddedTestDatabase> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-embedded-'));
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
