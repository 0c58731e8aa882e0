import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeviceProfile, deviceProfile } from '@rcm/shared/device-profile';
import { ConfigError, describeIssues, readStructured } from './config.ts';

/** The profiles shipped with the gateway: `profiles/` beside the sources, or beside the bundle. */
export function shippedProfilesDir(): string {
  for (const rel of ['../profiles', './profiles']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, 'generic-case.json'))) return dir;
  }
  throw new ConfigError('the shipped profiles directory (profiles/) is missing from this installation');
}

export type ProfileSet = ReadonlyMap<string, DeviceProfile & { file: string }>;

/**
 * Reads every `*.json` profile of the shipped directory (another program that bundles this file names
 * it), then of `userDir`; a user profile with a
 * shipped profile's id replaces it. Every bad file is named, with every bad field, in one error.
 */
export function loadProfiles(userDir?: string, shippedDir = shippedProfilesDir()): ProfileSet {
  const out = new Map<string, DeviceProfile & { file: string }>();
  const problems: string[] = [];
  const dirs = [shippedDir, ...(userDir ? [userDir] : [])];
  for (const [i, dir] of dirs.entries()) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort();
    } catch (err) {
      problems.push(`${dir}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      continue;
    }
    const ids = new Map<string, string>();
    for (const name of names) {
      const file = join(dir, name);
      try {
        const parsed = deviceProfile.safeParse(readStructured(file));
        if (!parsed.success) {
          problems.push(describeIssues(file, parsed.error));
          continue;
        }
        const other = ids.get(parsed.data.id);
        if (other) {
          problems.push(`${file}: id "${parsed.data.id}" is also the id of ${other}`);
          continue;
        }
        ids.set(parsed.data.id, file);
        if (i > 0 || !out.has(parsed.data.id)) out.set(parsed.data.id, { ...parsed.data, file });
      } catch (err) {
        problems.push(err instanceof ConfigError ? err.message : `${file}: ${String(err)}`);
      }
    }
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));
  return out;
}
