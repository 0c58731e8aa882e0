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

describe('US English', () => {
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
