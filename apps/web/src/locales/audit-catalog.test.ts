import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { esMX } from './es-MX.ts';

/**
 * Every action the server records in the audit log has its sentence in both catalogs. The actions
 * are read from the server's source: each `action:` of a file that writes audit entries, with every
 * `'area.verb'` literal in its expression (`id === null ? 'team.create' : 'team.update'`).
 */
const SERVER = join(__dirname, '../../../server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

function recordedActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    if (!/audit\w*\.record\(|createAuditRepo\(/i.test(text)) continue;
    for (const m of text.matchAll(/\baction:\s*([^,\n]+(?:\n\s*[?:][^,\n]+)*)/g)) {
      for (const literal of (m[1] ?? '').matchAll(/['"`]([a-z_]+\.[a-z_]+)['"`]/g)) {
        if (literal[1]) found.set(literal[1], file.slice(SERVER.length + 1));
      }
    }
  }
  return found;
}

const at = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe('audit sentences', () => {
  const actions = recordedActions();

  it('finds the actions the server records', () => {
    // The scan itself must keep working: these are written by settings, auth and alarms.
    for (const a of ['user.update', 'role.create', 'auth.login', 'alarm.notes', 'inventory.import']) {
      expect([...actions.keys()]).toContain(a);
    }
    expect(actions.size).toBeGreaterThan(50);
  });

  it('has a sentence for every recorded action in en-US and es-MX', () => {
    const missing = [...actions].flatMap(([action, file]) =>
      [
        ['en-US', enUS],
        ['es-MX', esMX],
      ]
        .filter(([, catalog]) => typeof at(catalog, `audit.actions.${action}`) !== 'string')
        .map(([locale]) => `${action} (${file}) has no sentence in ${locale}`),
    );
    expect(missing).toEqual([]);
  });

  it('sentences use the subject and the entry’s own fields only', () => {
    const fields = new Set(['subject', ...Object.keys(enUS.audit.fields), 'created', 'updated']);
    for (const action of actions.keys()) {
      const sentence = String(at(enUS, `audit.actions.${action}`) ?? '');
      for (const v of sentence.matchAll(/\{\{(\w+)\}\}/g)) expect(fields, `${action}: ${v[1]}`).toContain(v[1]);
    }
  });
});
