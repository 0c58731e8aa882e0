/**
 * No circle between features: each app's features/ folders collapsed to one node each, the import
 * graph dependency-cruiser reads (type-only imports included) has no cycle. Tests may wire several
 * features together and are left out; so is features/context.ts on the server, the type of what the
 * composition root builds every feature from. Run by `npm run check:deps`.
 *
 *   node lint/feature-cycles.mjs [server] [web]   fails on a cycle in those apps (both by default),
 *                                                 naming each import that closes it
 *   --report                                      also prints every feature pair with its import count
 */
import { execFileSync } from 'node:child_process';

const ALL = [
  { name: 'server', root: 'apps/server/src/features/', src: 'apps/server/src' },
  { name: 'web', root: 'apps/web/src/features/', src: 'apps/web/src' },
];
const named = ALL.filter((a) => process.argv.includes(a.name));
const APPS = named.length > 0 ? named : ALL;
const LEFT_OUT =
  /\.test\.tsx?$|^apps\/server\/src\/test\/|^apps\/web\/src\/test\/|^apps\/server\/src\/features\/context\.ts$/;

const report = process.argv.includes('--report');
const graph = JSON.parse(
  execFileSync(
    'npx',
    ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...APPS.map((a) => a.src)],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  ),
);

let failed = false;
for (const app of APPS) {
  const featureOf = (path) => (path.startsWith(app.root) ? path.slice(app.root.length).split('/')[0] : null);
  /** feature → feature → the imports between them */
  const edges = new Map();
  for (const module of graph.modules) {
    const from = featureOf(module.source);
    if (!from || LEFT_OUT.test(module.source)) continue;
    for (const dep of module.dependencies) {
      const to = featureOf(dep.resolved);
      if (!to || to === from || LEFT_OUT.test(dep.resolved)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, []);
      out.get(to).push(`${module.source} → ${dep.resolved}`);
    }
  }
  const cycles = stronglyConnected(edges).filter((c) => c.length > 1);
  const pairs = [...edges.values()].reduce((n, out) => n + out.size, 0);
  const imports = [...edges.values()].reduce((n, out) => n + [...out.values()].reduce((m, l) => m + l.length, 0), 0);
  console.log(`${app.root}: ${pairs} feature pairs, ${imports} imports between features, ${cycles.length} cycles`);
  if (report)
    for (const [from, out] of edges) for (const [to, list] of out) console.log(`  ${from} → ${to}: ${list.length}`);
  for (const cycle of cycles) {
    failed = true;
    console.error(`  cycle: ${cycle.join(', ')}`);
    const members = new Set(cycle);
    for (const from of cycle)
      for (const [to, list] of edges.get(from) ?? [])
        if (members.has(to)) for (const i of list) console.error(`    ${i}`);
  }
}
if (failed) {
  console.error('Features import each other in a circle: move the shared part down, or into its owner.');
  process.exit(1);
}

/** Tarjan's strongly connected components of a graph given as node → successors. */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}
