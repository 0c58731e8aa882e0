import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { readerFor } from './db/statement.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { createAlarmMetricsRepo } from './features/alarms/metrics-repo.ts';
import { alarmRoutes } from './features/alarms/routes.ts';
import { alarmSummariesByIds } from './features/alarms/summaries.ts';
import { swaggerOptions } from './features/api-docs/document.ts';
import { apiDocsRoutes } from './features/api-docs/routes.ts';
import { assetsModule } from './features/assets/module.ts';
import { createAuditRepo } from './features/audit/repo.ts';
import { bearerToken } from './features/auth/guard.ts';
import { createPasswordLinks } from './features/auth/password-links.ts';
import { createPasswordTokensRepo } from './features/auth/password-tokens-repo.ts';
import { createAuthRepo } from './features/auth/repo.ts';
import { authRoutes } from './features/auth/routes.ts';
import { type AuthService, createAuthService } from './features/auth/service.ts';
import { createControllerListRepo } from './features/controllers/list-repo.ts';
import { controllerMetrics } from './features/controllers/metrics.ts';
import { createControllersRepo } from './features/controllers/repo.ts';
import { controllerRoutes } from './features/controllers/routes.ts';
import { createControllersService } from './features/controllers/service.ts';
import { createIngestModule, type IngestModule } from './features/ingest/module.ts';
import { ingestHttpRoutes } from './features/ingest/transports/http-routes.ts';
import { inventoryModule } from './features/inventory/module.ts';
import { jobsPlugin } from './features/jobs/module.ts';
import { languageRoutes } from './features/languages/routes.ts';
import { maintenanceRoutes } from './features/maintenance/routes.ts';
import { notificationsModule, publicUrlOf } from './features/notifications/routes.ts';
import { backupRoutes } from './features/ops/backup-routes.ts';
import type { StatfsFn } from './features/ops/disk-watch.ts';
import { type EmbeddedOps, startEmbeddedOps } from './features/ops/embedded.ts';
import { createMetrics, type Metrics } from './features/ops/metrics.ts';
import { createReadiness, type Readiness, ReadinessFailure } from './features/ops/readiness.ts';
import { registerOpsRoutes } from './features/ops/routes.ts';
import { organizationsModule } from './features/organizations/module.ts';
import { refrigerantRoutes } from './features/refrigerant/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { SEARCH_PROVIDERS } from './features/search/providers.ts';
import { searchRoutes } from './features/search/routes.ts';
import { settingsModule } from './features/settings/module.ts';
import { createSetupRepo } from './features/setup/repo.ts';
import { setupRoutes } from './features/setup/routes.ts';
import { createSetupService } from './features/setup/service.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { unauthenticated } from './lib/errors.ts';
import { serverRoot } from './lib/paths.ts';
import { DebugRequestLog } from './lib/request-log.ts';
import { helmetOptions, registerSecurityHeaders } from './lib/security-headers.ts';
import './lib/fastify-types.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  now?: () => Date;
  logger?: boolean | object;
  /** The provisioning key new devices announce themselves with (null: none may). */
  provisioningKey?: string | null;
  /** The embedded database's free-space reading (tests inject a full disk); default fs.statfs. */
  statfs?: StatfsFn;
};

export type App = {
  app: FastifyInstance;
  auth: AuthService;
  bus: EventBus;
  ingest: IngestModule;
  ops: { readiness: Readiness; metrics: Metrics; embedded: EmbeddedOps };
};

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new DebugRequestLog(),
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
    // Only a reverse proxy on this host or a private network may set X-Forwarded-For; trusting it from
    // anyone would let a client pick its own IP and dodge the per-IP login rate limit.
    trustProxy: 'loopback, linklocal, uniquelocal',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const bus = createEventBus();
  // Embedded database: the disk watch (ingest refuses while the disk is almost full), backups, jobs.
  const embedded = await startEmbeddedOps({ config, database, log: app.log, statfs: deps.statfs, now: deps.now });
  app.addHook('onClose', async () => embedded.stop());
  const ingest = createIngestModule({
    refusing: embedded.refusing,
    db: database.db,
    lanes: database.kind === 'postgres' ? config.INGEST_LANES : 1,
    maxBatchReadings: config.INGEST_BATCH_READINGS,
    maxDelayMs: config.INGEST_BATCH_DELAY_MS,
    bus,
    log: app.log,
    provisioningKey: deps.provisioningKey ?? config.DEVICE_PROVISIONING_KEY ?? null,
    now: deps.now,
  });
  const audit = createAuditRepo(database.db);
  const authRepo = createAuthRepo(database.db);
  const auth = createAuthService({
    repo: authRepo,
    audit,
    read: readerFor(database.db),
    now: deps.now,
    avatars: config.AVATARS,
  });

  // First, so that every answer carries them, a refusal by the authentication hook below included.
  await registerSecurityHeaders(app, helmetOptions(config.AVATARS));
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = normalizeLocale(request.headers['x-locale'] as string | undefined);
    reply.header('Access-Control-Expose-Headers', 'Authorization');
    if (!request.url.startsWith('/api/')) return;
    const { config: route, url } = request.routeOptions;
    const token = bearerToken(request.headers.authorization);
    // Authentication comes before validation: a private route without a live session answers 401
    // here, before its schema has looked at the request. Hot reads resolve the session together with
    // their query (authenticatedRead in the handler, which checks the session before the query).
    if (route.authInHandler) {
      if (!token) throw unauthenticated();
      return;
    }
    if (token) request.auth = await auth.authenticate(token);
    if (!request.auth && url !== undefined && !route.public) throw unauthenticated();
  });

  installErrorHandler(app);
  // Health, readiness and metrics (features/ops); the ingest pipeline is timed for the latency histogram.
  const metrics = createMetrics({ db: database.db, bus, log: app.log, instance: config.INSTANCE_ID });
  metrics.instrument(ingest.pipeline);
  if (embedded.disk) metrics.watchDisk(embedded.disk);
  const readiness = createReadiness();
  readiness.register('database', async () => {
    await database.db.execute(sql`select 1`).catch(() => {
      throw new ReadinessFailure('query failed');
    });
  });
  embedded.registerReadiness(readiness);
  registerOpsRoutes(app, { readiness, metrics, metricsToken: config.METRICS_TOKEN, instance: config.INSTANCE_ID });
  app.addHook('onClose', async () => metrics.close());
  await app.register(rateLimit, { global: false });
  // Before the routes: it collects them as they are registered (the reference: features/api-docs).
  await app.register(swagger, swaggerOptions);

  await app.register(
    async (api) => {
      const passwordLinks = createPasswordLinks({
        db: database.db,
        tokens: createPasswordTokensRepo(database.db),
        users: authRepo,
        audit,
        publicUrl: publicUrlOf(config),
        now: deps.now,
      });
      await api.register(authRoutes({ auth, passwordLinks, loginRateLimit: config.LOGIN_RATE_LIMIT, log: app.log }));
      const setup = createSetupService({ db: database.db, repo: createSetupRepo(database.db), audit, auth });
      await api.register(setupRoutes({ setup, auth, rateLimit: config.LOGIN_RATE_LIMIT }));
      await api.register(languageRoutes);
      const controllersRepo = createControllersRepo(database.db);
      const controllersService = createControllersService({
        repo: controllersRepo,
        audit,
        forgetDevice: (mac) => ingest.registry.forget(mac),
        announceAlarms: async (ids) => {
          for (const summary of await alarmSummariesByIds(database.db, ids)) bus.emit('alarm.updated', summary);
        },
        now: deps.now,
      });
      await api.register(
        controllerRoutes({
          repo: controllersRepo,
          list: createControllerListRepo(database.db),
          service: controllersService,
          metrics: controllerMetrics(createAlarmMetricsRepo(database.db)),
        }),
      );
      await api.register(alarmRoutes({ db: database.db, bus, audit, auth, now: deps.now }));
      await api.register(notificationsModule({ config, db: database.db, bus, now: deps.now }));
      await api.register(
        organizationsModule({ db: database.db, audit, auth, now: deps.now, publicUrl: config.PUBLIC_URL }),
      );
      await api.register(
        ingestHttpRoutes({ registry: ingest.registry, pipeline: ingest.pipeline, bus, refusing: embedded.refusing }),
      );
      await api.register(backupRoutes({ backups: embedded.backups, disk: embedded.disk }));
      await api.register(searchRoutes({ db: database.db, providers: SEARCH_PROVIDERS }));
      await api.register(jobsPlugin({ config, db: database.db, bus, audit, now: deps.now ?? (() => new Date()) }));
      await api.register(
        settingsModule({
          db: database.db,
          audit,
          bus,
          revokeUserSessions: (userId) => authRepo.revokeUserSessions(userId, deps.now?.() ?? new Date()),
          passwordLinks,
          invalidateRules: () => ingest.rules.invalidate(),
          now: deps.now,
        }),
      );
      await api.register(inventoryModule({ db: database.db, audit, now: deps.now }));
      await api.register(assetsModule({ db: database.db, audit, now: deps.now }));
      await api.register(reportRoutes({ db: database.db, now: deps.now }));
      await api.register(refrigerantRoutes({ db: database.db, audit, now: deps.now }));
      await api.register(
        maintenanceRoutes({ db: database.db, audit, now: deps.now, changed: () => ingest.maintenance.invalidate() }),
      );
      await api.register(apiDocsRoutes);
    },
    { prefix: '/api' },
  );

  registerSpa(app, config);
  return { app, auth, bus, ingest, ops: { readiness, metrics, embedded } };
}

/** Serves the built SPA with a history fallback to index.html for client-side routes. */
function registerSpa(app: FastifyInstance, config: Config): void {
  const dist = path.resolve(config.WEB_DIST ?? path.join(serverRoot, '../web/dist'));
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web build not found: run `npm run build` to serve the console');
    return;
  }
  // wildcard: false registers one route per built file; everything else is a client-side route.
  app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.callNotFound();
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
