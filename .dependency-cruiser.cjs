/**
 * The import rules the code keeps (`npm run check:deps`, part of `npm run lint`), type-only imports
 * included:
 * - no circle anywhere in the server, the web app or the shared package;
 * - the server's layers, bottom to top: the platform (lib/, db/, events/, config.ts), the scheduler
 *   (scheduled/), the features (features/), the composition (realtime/, app.ts, server.ts, main.ts);
 *   a file imports only from its own layer or below;
 * - a feature uses another only through that feature's public modules, listed below; tests may reach
 *   further;
 * - the web: a feature reaches another only through its `index.ts`, features never import `app/`, and
 *   `lib/` and `components/` import neither.
 */

/**
 * Each feature's public modules: what other features may import. A feature not listed has none (it
 * is reached only through its module.ts, from app.ts). Adding a module here is a design decision:
 * say in a comment beside it why the other feature needs it.
 */
const PUBLIC = {
  // The alarm engine and its rules run inside the ingest writer's transaction; channels acknowledge
  // from outside the console (acknowledge links, SMS replies, calls); the notification worker holds
  // back the emails of chattering alarms and floods (nuisance); the alarm management report (reports) names
  // conditions and floods as the engine does (reasons, nuisance).
  alarms: [
    'cases/case-apply',
    'cases/case-history',
    // A graceful stop writes each point's hour so far (takeOpenHours).
    'cases/case-hours',
    'cases/case-rules',
    'cases/case-state',
    'engine/apply',
    'engine/engine',
    'engine/reasons',
    // Historical messages (a store gateway's outbox) judged apart from the live state.
    'engine/replay',
    'engine/rules-cache',
    'engine/state',
    'leaks/leak-history',
    'leaks/leak-rule',
    'leaks/leak-trend',
    'lifecycle/acknowledge',
    'list/summaries',
    // An alarm's place by its ref: the features that show an alarm's emails, pages or jobs check the
    // caller's scope against it.
    'list/place-repo',
    'metrics/metrics-repo',
    'metrics/metrics-service',
    'nuisance/nuisance',
  ],
  // Who acted, recorded with each change.
  audit: ['names-repo', 'present', 'repo'],
  // Who is calling, what they may do and see.
  auth: [
    // Disabling or deleting a user (settings) ends their integration tokens.
    'api-tokens-repo',
    'can',
    'context',
    'guard',
    'password-links',
    'passwords',
    'repo',
    'scope',
    'service',
    'tokens',
    'user-columns',
  ],
  controllers: ['service'],
  // Device ingest's parts, built before the features.
  ingest: ['pipeline/pipeline', 'transports/broker-stats', 'transports/safety-net'],
  // The windows' rules: the ingest writer stores an alarm raised inside one suppressed, and the
  // alarms' task moves or releases a suppressed alarm when its window ends (suppression).
  maintenance: ['cache', 'repo', 'suppression', 'windows'],
  // The email outbox every feature sends through, its transport and the provider's delivery events.
  mail: ['action-email', 'delivery', 'mandrill', 'outbox-repo', 'transport'],
  // The people an organization's alarm emails go to (organizations count them before a removal).
  notifications: ['repo'],
  // An alarm as its messages present it, the email, SMS, push and webhook channels, a paged
  // person's rules, the Twilio client and the push sender: the notification worker and the paging
  // chain deliver through them.
  channels: [
    // Written in the paging chain's and the alarm outbox's transactions: the acknowledge link an
    // alarm's message carries, and the webhook deliveries an alarm's change queues; the alarm as
    // its messages read it, loaded in those transactions too.
    'ack-links-repo',
    'alarm-email-template',
    'alarm-message-repo',
    'alarm-emails',
    'alarm-message',
    'deliver',
    'push',
    'recipient',
    'rules',
    'twilio',
    'webhook-deliver',
    'webhook-queue-repo',
  ],
  // The paging chain, started and advanced by the notification worker.
  oncall: ['paging'],
  organizations: ['locations-repo', 'members-repo'],
  // The one export machinery (CSV and PDF) of every report; the HACCP log's hours and excursions
  // (haccp-repo), which the case performance report counts the same way.
  reports: ['export-frame', 'export', 'filters', 'haccp-repo', 'labels', 'pdf', 'routes'],
};

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TESTS = '\\.test\\.tsx?$|^apps/server/src/test/';
const FEATURES = ['alarms', 'api-docs', 'assets', 'audit', 'auth', 'controllers', 'ingest', 'inventory', 'jobs'];
FEATURES.push('languages', 'maintenance', 'notifications', 'ops', 'organizations', 'refrigerant', 'reports');
FEATURES.push('oncall', 'provisioning', 'search', 'settings', 'setup', 'channels', 'mail');

/**
 * The files of a server feature that may speak SQL (import drizzle-orm) besides its repositories
 * (`repo.ts`, `*-repo.ts`), each with its reason.
 */
const SQL_OUTSIDE_REPOSITORIES = [
  // The scope module's fragment builder: the WHERE fragments every repository's scoped query uses.
  'auth/scope',
  // The reports' filter fragments (dates, places), composed by each report's repository.
  'reports/filters',
  // The alarm list's filter, scope and sort fragments, composed by the alarm repositories (the list,
  // the lifecycle's bulk actions, the charts).
  'alarms/list/alarm-filter',
  // Database administration of the embedded database (CHECKPOINT, VACUUM, ANALYZE), not queries.
  'ops/checkpoints',
  'ops/table-maintenance',
];

const boundary = (feature) => {
  const open = PUBLIC[feature] ?? [];
  return {
    name: `feature-${feature}-public-modules`,
    comment: `Another feature imports ${feature} only through its public modules (.dependency-cruiser.cjs PUBLIC).`,
    severity: 'error',
    // features/context.ts is the feature context's type: it names the parts every feature is built from.
    from: {
      path: `${SERVER}features/`,
      pathNot: [`${SERVER}features/${feature}/`, `${SERVER}features/context\\.ts$`, TESTS],
    },
    to: {
      path: `${SERVER}features/${feature}/`,
      ...(open.length > 0 ? { pathNot: `${SERVER}features/${feature}/(${open.join('|')})\\.ts$` } : {}),
    },
  };
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle (type-only imports count): move the shared type or function down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-below-everything',
      comment: 'lib/, db/, events/ and config.ts know nothing of the scheduler, features or composition.',
      severity: 'error',
      from: { path: `${SERVER}(lib|db|events)/|${SERVER}config\\.ts$`, pathNot: TESTS },
      to: { path: `${SERVER}(features|realtime|scheduled)/|${SERVER}(app|server|main)\\.ts$` },
    },
    {
      name: 'scheduler-below-features',
      comment: 'The scheduler runs tasks; the features bring them (xxxTasks beside their module).',
      severity: 'error',
      from: { path: `${SERVER}scheduled/`, pathNot: TESTS },
      to: { path: `${SERVER}(features|realtime)/|${SERVER}(app|server|main)\\.ts$` },
    },
    {
      name: 'features-below-composition',
      comment: 'Features are composed by app.ts and server.ts; they never import them or the socket layer.',
      severity: 'error',
      from: { path: `${SERVER}features/`, pathNot: TESTS },
      to: { path: `${SERVER}realtime/|${SERVER}(app|server|main)\\.ts$` },
    },
    ...FEATURES.map(boundary),
    {
      name: 'sql-only-in-repositories',
      comment:
        "A feature's SQL lives in its repositories (repo.ts, *-repo.ts): a service, route or worker asks one. The exceptions are listed in SQL_OUTSIDE_REPOSITORIES with their reasons.",
      severity: 'error',
      from: {
        path: `${SERVER}features/`,
        pathNot: ['(^|/|-)repo\\.ts$', TESTS, `${SERVER}features/(${SQL_OUTSIDE_REPOSITORIES.join('|')})\\.ts$`],
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'web-feature-through-index',
      comment: "A web feature reaches another only through that feature's public index.ts.",
      severity: 'error',
      // The dashboard's first reads run in the first screen's inline script, which must carry only
      // the queries it runs, not the components an index.ts exports too.
      from: { path: `${WEB}features/([^/]+)/`, pathNot: [TESTS, `${WEB}features/dashboard/api/dashboard-reads\\.ts$`] },
      to: { path: `${WEB}features/[^/]+/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'web-features-below-app',
      comment: 'The app (router, shell, page table) composes the features; features never import it.',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TESTS },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-below-features',
      comment: 'Shared web code (lib/, components/) knows no feature.',
      severity: 'error',
      from: { path: `${WEB}(lib|components)/`, pathNot: TESTS },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // drizzle-orm stays in the graph (not followed) for sql-only-in-repositories.
    exclude: { path: '(^|/)dist/|(^|/)node_modules/(?!drizzle-orm/)' },
    // Type-only imports are dependencies too: a circle of types is a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
