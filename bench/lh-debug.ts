/**
 * Lighthouse 12 (mobile preset) on the sign-in page and the dashboard of a running console.
 *
 *   npm run lighthouse -w bench -- --url http://localhost:3931 [--email admin@example.com --password demo1234]
 *     [--page dashboard] [--runs 5]
 *
 * The dashboard needs a session: the console keeps its token in browser storage, falling back to a
 * cookie of the same name (apps/web/src/lib/storage.ts). Lighthouse clears storage between runs but
 * keeps cookies, so this signs in through the API, puts the token into a cookie of a Chromium it starts
 * with a debugging port, and points Lighthouse at that Chromium (`--port`). Appends a row per page to
 * results/lighthouse.md.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: 'demo1234' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    'debug-port': { type: 'string', default: '9339' },
    note: { type: 'string', default: '' },
    // One page only (sign-in or dashboard), and how many runs of each: a run's blocking time alone
    // moves the score by ±5, so a change is judged on the median of several.
    page: { type: 'string' },
    runs: { type: 'string', default: '1' },
  },
});
const base = (args.url ?? '').replace(/\/$/, '');

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  const header = res.headers.get('authorization');
  if (!res.ok || !header) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return header.replace(/^Bearer /, '');
}

function run(cmd: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

type Scores = Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
type Report = {
  categories: Record<keyof Scores, { score: number }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
};

async function lighthouse(url: string, port: string, out: string): Promise<Report> {
  // The exact command recorded in results/lighthouse.md; mobile is Lighthouse's default preset.
  await run('npx', ['-y', LIGHTHOUSE, url, `--port=${port}`, '--output=json', `--output-path=${out}`, '--quiet', '--save-assets']);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

const METRICS = new Set([
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'interactive',
  'max-potential-fid',
  'cumulative-layout-shift',
]);
/** Playwright's CDP connection to the Chromium started below (it may take a moment to listen). */
async function connect() {
  let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
  for (let i = 0; i < 50 && !browser; i++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
      await new Promise((r) => setTimeout(r, 200));
      return undefined;
    });
  }
  if (!browser) throw new Error('Chromium did not open its debugging port');
  return browser;
}

const userData = mkdtempSync(path.join(tmpdir(), 'rcm-lighthouse-'));
const port = args['debug-port'] ?? '9339';
const browserProcess = spawn(
  args.chromium ?? '/usr/bin/chromium',
  ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`, `--user-data-dir=${userData}`, 'about:blank'],
  { stdio: 'ignore' },
);
try {
  const pages = [
    { name: 'sign-in', url: `${base}/user/login` },
    { name: 'dashboard', url: `${base}/` },
  ].filter((p) => !args.page || p.name === args.page);
  const runs = Array.from({ length: Math.max(1, Number(args.runs) || 1) }, () => pages).flat();
  const rows: string[] = [];
  const scores = new Map<string, number[]>();
  for (const page of runs) {
    // A connection per page: after a Lighthouse run the previous connection no longer lists the
    // browser's default context.
    const browser = await connect();
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context');
    await context.clearCookies();
    if (page.name === 'dashboard') {
      const token = await signIn();
      await context.addCookies([{ name: 'auth_token_default', value: token, url: base }]);
    }
    // Kept for reading the audits' details; the table gets the scores.
    const out = path.join(tmpdir(), `rcm-lighthouse-${page.name}.json`);
    const report = await lighthouse(page.url, port, out);
    const score = (k: keyof Scores) => Math.round(report.categories[k].score * 100);
    const a = (id: string) => report.audits[id]?.displayValue ?? '–';
    const failing = Object.entries(report.audits)
      .filter(([id, v]) => v.score !== null && v.score < 0.9 && !METRICS.has(id))
      .map(([id]) => id);
    const line = `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${page.name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${a('first-contentful-paint')} | ${a('largest-contentful-paint')} | ${a('total-blocking-time')} | ${a('cumulative-layout-shift')} | ${failing.join(', ') || '–'} | ${args.note ?? ''} |`;
    console.log(`${line}\n  (report: ${out})`);
    rows.push(line);
    scores.set(page.name, [...(scores.get(page.name) ?? []), score('performance')]);
    await browser.close().catch(() => undefined);
  }
  appendFileSync('/tmp/lh-scratch.md', `${rows.join('\n')}\n`);
  for (const [name, list] of scores) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${name}: performance ${list.join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]}`);
  }
} finally {
  const exited = new Promise((resolve) => browserProcess.once('exit', resolve));
  browserProcess.kill();
  await exited;
  rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
}
