import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { britishSpellings } from '@rcm/shared/us-spelling';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's English (error messages, emails, PDF and CSV labels, alarm reasons, seeded names, log
 * and CLI lines) is US English. Every string literal of the server's and the shared package's
 * source that reads as text (has a space, or starts with a capital) is checked; SQL (`sql` tagged
 * templates, statements) and module names are not text.
 */
const ROOTS = [join(__dirname, '..'), join(__dirname, '../../../../packages/shared/src')];
const SELF = new Set(['us-spelling.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !SELF.has(e.name) ? [path] : [];
  });
}

function texts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const sqlText = /^\s*(select|insert|update|delete|with)\s/i.test(node.text);
      if (!sqlText && /\s|^[A-Z][a-z]/.test(node.text)) out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * Code names are US English too. The British forms survive only as the wire's own words, listed
 * here: the JSON fields and DB columns used as a property (snake_case ones such as
 * `organisation_id` too), and the catalog keys read through strings like `controllers.authorise`,
 * which is also the route's name (renamed there, the two would part).
 */
const APPS = join(__dirname, '../../..');
const NAME_ROOTS = ['server/src', 'web/src', 'gateway/src', 'simulator/src', '../packages/shared/src'].map((d) =>
  join(APPS, d),
);
const BRITISH_NAME = /authoris|organisation|organis(e|ed|es|er|ing)(?![a-z])/i;
const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)+$/;
const EDGE_NAMES: { name: string; where: 'property' | 'catalog key'; why: string }[] = [
  { name: 'authorised', where: 'property', why: 'a controller’s JSON field and DB column' },
  { name: 'organisation', where: 'property', why: 'the JSON field `organisation: {id, name}` (users, assets, …)' },
  {
    name: 'authorise',
    where: 'catalog key',
    why: '`controllers.authorise` (the route’s name too), `audit.actions.controller.authorise`',
  },
  {
    name: 'authorised',
    where: 'catalog key',
    why: '`audit.fields.authorised` (the stored field), `controllers.authorised`',
  },
  { name: 'authorisation', where: 'catalog key', why: '`controllers.authorisation`, the label beside `authorised`' },
  { name: 'organisation', where: 'catalog key', why: '`jobs.organisation`, the label of the field `organisation`' },
];

function allSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : allSourceFiles(path);
    return /\.tsx?$/.test(e.name) && !SELF.has(e.name) && !e.name.startsWith('us-spelling') ? [path] : [];
  });
}

/** Whether an identifier names a property (of an object, a type, a destructuring or a JSX element). */
function propertyName(node: ts.Identifier): boolean {
  const p = node.parent;
  return (
    (ts.isPropertyAccessExpression(p) && p.name === node) ||
    ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p)) && p.name === node) ||
    (ts.isBindingElement(p) && p.propertyName === node) ||
    (ts.isJsxAttribute(p) && p.name === node)
  );
}

function britishNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const catalog = /[/\\]web[/\\]src[/\\]locales[/\\]/.test(file) && !file.endsWith('.test.ts');
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && BRITISH_NAME.test(node.text)) {
      const where =
        catalog && ts.isPropertyAssignment(node.parent) ? 'catalog key' : propertyName(node) ? 'property' : null;
      const wireField = where === 'property' && SNAKE.test(node.text);
      if (!wireField && !EDGE_NAMES.some((e) => e.name === node.text && e.where === where)) out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('US English', () => {
  it('code names are US English but for the wire’s own words', () => {
    const found: string[] = [];
    for (const root of NAME_ROOTS) {
      for (const file of allSourceFiles(root)) {
        const names = britishNames(file);
        if (names.length > 0) found.push(`${relative(APPS, file)}: ${[...new Set(names)].join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the server’s and shared package’s text has no British spelling', () => {
    const found: string[] = [];
    for (const root of ROOTS) {
      for (const file of sourceFiles(root)) {
        for (const text of texts(file)) {
          const words = britishSpellings(text);
          if (words.length > 0) found.push(`${relative(root, file)}: ${words.join(', ')} in “${text.slice(0, 80)}”`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
