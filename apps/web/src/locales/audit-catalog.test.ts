import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { enUSApp as enUS } from './en-US-app.ts';
import { esMXApp as esMX } from './es-MX-app.ts';

/**
 * Every action the server records in the audit log has its sentence in both catalogs. The actions
 * are read from the server's source: every `'area.verb'` literal inside the arguments of an audit
 * `record(…)` call (`action: id === null ? 'team.create' : 'team.update'`, or a helper building the
 * entry, a template such as `area.${removed ? 'delete' : 'archive'}`), and every such literal given
 * as an `action:` anywhere in a file that records entries.
 */
const SERVER = join(__dirname, '../../../server/src');
const ACTION = /^[a-z_]+\.[a-z_]+$/;

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
    if (!/audit\w*\.record\w*\(|createAuditRepo\(|AuditEntry\b/i.test(text)) continue;
    const name = file.slice(SERVER.length + 1);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const literals = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) && ACTION.test(node.text)) found.set(node.text, name);
      // `area.${cond ? 'delete' : 'archive'}`: the head with each literal of its one placeholder.
      if (ts.isTemplateExpression(node) && node.templateSpans.length === 1) {
        const [span] = node.templateSpans;
        const parts: string[] = [];
        // The values it can take, not what a condition compares with (`outcome === 'deleted'`).
        const collect = (n: ts.Node) => {
          if (ts.isStringLiteralLike(n) && !ts.isBinaryExpression(n.parent)) parts.push(n.text);
          ts.forEachChild(n, collect);
        };
        if (span) collect(span.expression);
        for (const part of parts) {
          const action = `${node.head.text}${part}${span?.literal.text ?? ''}`;
          if (ACTION.test(action)) found.set(action, name);
        }
      }
      ts.forEachChild(node, literals);
    };
    const visit = (node: ts.Node) => {
      const isRecord =
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'record' &&
        /audit/i.test(node.expression.expression.getText(source));
      const isAction = ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'action';
      if (isRecord) node.arguments.forEach(literals);
      else if (isAction) literals(node.initializer);
      else ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const at = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe('audit sentences', () => {
  const actions = recordedActions();

  it('finds the actions the server records', () => {
    // The scan itself must keep working: these are written directly, through a helper and as a template.
    for (const a of [
      'user.update',
      'role.create',
      'auth.login',
      'alarm.notes',
      'location.archive',
      'maintenance_window.delete',
    ]) {
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
