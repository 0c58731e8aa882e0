import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { alarmsModule } from './features/alarms/module.ts';
import { swaggerOptions } from './features/api-docs/document.ts';
import { apiDocsModule } from './features/api-docs/module.ts';
import { assetsModule } from './features/assets/module.ts';
import { createAuditRepo } from './features/audit/repo.ts';
import { bearerToken, checkRoutePermission, checkSigner, checkTokenAllowed } from './features/auth/guard.ts';
import { authModule, createAuth } from './features/auth/module.ts';
import type { AuthService } from './features/auth/service.ts';
import { channelsModule } from './features/channels/module.ts';
import type { FeatureContext, FeatureModule } from './features/context.ts';
import { controllersModule } from './features/controllers/module.ts';
import { createIngest, type Ingest, ingestFailing, ingestModule } from './features/ingest/module.ts';
import { inventoryModule } from './features/inventory/module.ts';
import { jobsModule } from './features/jobs/module.ts';
import { languagesModule } from './features/languages/module.ts';
import { createEmailOutboxRepo } from './features/mail/outbox-repo.ts';
import { maintenanceModule } from './features/maintenance/module.ts';
import { notificationsModule } from './features/notifications/module.ts';
import { oncallModule } from './features/oncall/module.ts';
import type { StatfsFn } from './features/ops/disk-watch.ts';
import { type EmbeddedOps, startEmbeddedOps } from './features/ops/embedded.ts';
import { createMetrics, type Metrics } from './features/ops/metrics.ts';
import { opsModule } from './features/ops/module.ts';
import { createReadiness, type Readiness, ReadinessFailure } from './features/ops/readiness.ts';
import { registerOpsRoutes } from './features/ops/routes.ts';
import { createDirectory, organizationsModule } from './features/organizations/module.ts';
import { createProvisioningKeys } from './features/provisioning/keys.ts';
import { createProvisioningKeysRepo } from './features/provisioning/keys-repo.ts';
import { provisioningModule } from './features/provisioning/module.ts';
import { refrigerantModule } from './features/refrigerant/module.ts';
import { reportsModule } from './features/reports/module.ts';
import { searchModule } from './features/search/module.ts';
import { settingsModule } from './features/settings/module.ts';
import { setupModule } from './features/setup/module.ts';
import { consoleUrl } from './lib/console-url.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { unauthenticated } from './lib/errors.ts';
import { serverRoot } from './lib/paths.ts';
import { DebugRequestLog } from './lib/request-log.ts';
import { helmetOptions, inlineScriptSources, registerSecurityHeaders } from './lib/security-headers.ts';
import { installWellFormedGuard } from './lib/well-formed.ts';
import './features/auth/fastify-types.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  now?: () => Date;
  logger?: boolean | object;
  /** The configured provisioning key (DEVICE_PROVISIONING_KEY, the demo's); null: one is generated and kept. */
  provisioningKey?: string | null;
  /** The embedded database's free-space reading (tests inject a full disk); default fs.statfs. */
  statfs?: StatfsFn;
};

export type App = {
  app: FastifyInstance;
  auth: AuthService;
  bus: EventBus;
  ingest: Ingest;
  ops: { readiness: Readiness; metrics: Metrics; embedded: EmbeddedOps };
  /** What the features were built from; the scheduled tasks are built from it too (server.ts). */
  context: FeatureContext;
};

/** The features under `/api`, in registration order (also the order of the API reference's paths). */
const FEATURES: readonly FeatureModule[] = [
  authModule,
  setupModule,
  languagesModule,
  controllersModule,
  alarmsModule,
  notificationsModule,
  organizationsModule,
  ingestModule,
  opsModule,
  searchModule,
  jobsModule,
  settingsModule,
  provisioningModule,
  inventoryModule,
  assetsModule,
  reportsModule,
  refrigerantModule,
  maintenanceModule,
  oncallModule,
  channelsModule,
  apiDocsModule,
];

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
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
  const embedded = await startEmbeddedOps({ config, database, log: app.log, statfs: deps.statfs, now });
  app.addHook('onClose', async () => embedded.stop());
  const provisioning = await createProvisioningKeys({
    db: database.db,
    repo: createProvisioningKeysRepo(database.db),
    configured: deps.provisioningKey ?? config.DEVICE_PROVISIONING_KEY ?? null,
    now: () => now().getTime(),
  });
  const ingest = createIngest({
    refusing: embedded.refusing,
    db: database.db,
    lanes: database.kind === 'postgres' ? config.INGEST_LANES : 1,
    maxBatchReadings: config.INGEST_BATCH_READINGS,
    maxDelayMs: config.INGEST_BATCH_DELAY_MS,
    bus,
    log: app.log,
    provisioning,
    now,
  });
  const audit = createAuditRepo(database.db);
  const address = consoleUrl(config);
  const outbox = createEmailOutboxRepo();
  const {
    service: auth,
    passwordLinks,
    mfa,
    reauth,
  } = createAuth({ config, db: database.db, audit, outbox, now, publicUrl: address.url });
  const context: FeatureContext = {
    config,
    db: database.db,
    bus,
    audit,
    auth,
    log: app.log,
    now,
    shared: {
      ingest,
      embedded,
      passwordLinks,
      mfa,
      reauth,
      devices: { provisioning, mqttPort: null },
      consoleUrl: address,
      outbox,
      directory: createDirectory(database.db),
    },
  };

  // First, so that every answer carries them, a refusal by the authentication hook below included.
  await registerSecurityHeaders(app, helmetOptions(config.AVATARS, inlineScriptSources(webDist(config))));
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = normalizeLocale(request.headers['x-locale'] as string | undefined);
    reply.header('Access-Control-Expose-Headers', 'Authorization');
    if (!request.url.startsWith('/api/')) return;
    const { config: route, url } = request.routeOptions;
    const token = bearerToken(request.headers.authorization);
    // Authentication comes before validation: a private route without a live session answers 401
    // here, before its schema has looked at the request; so does a route's permission (403). Hot reads resolve the session together with
    // their query (authenticatedRead in the handler, which checks the session before the query).
    if (route.authInHandler) {
      if (!token) throw unauthenticated();
      return;
    }
    if (token) request.auth = await auth.authenticate(token);
    if (!request.auth && url !== undefined && !route.public) throw unauthenticated();
    // And the route's permission before validation: 403, not the schema's field errors; an integration
    // token is refused what only a person may do, an impersonating administrator a signature.
    checkTokenAllowed(request);
    checkSigner(request);
    checkRoutePermission(request);
  });

  installErrorHandler(app);
  installWellFormedGuard(app);
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
  readiness.register('ingest', () => {
    if (ingestFailing(ingest)) throw new ReadinessFailure('ingest_failing');
  });
  embedded.registerReadiness(readiness);
  registerOpsRoutes(app, { readiness, metrics, metricsToken: config.METRICS_TOKEN, instance: config.INSTANCE_ID });
  app.addHook('onClose', async () => metrics.close());
  await app.register(rateLimit, { global: false });
  // Before the routes: it collects them as they are registered (the reference: features/api-docs).
  await app.register(swagger, swaggerOptions);

  await app.register(
    async (api) => {
      // The API's answers of 1 KiB and more go compressed to a client that accepts it: a page of 25
      // alarms is ~22 KiB of JSON and ~3 KiB in brotli at quality 1. Compressed in the request's own
      // turn (syncThreshold), it adds ~10 % to the list's server CPU; the library's stream path for
      // answers over its default 8 KiB cost three times the request (bench/results/api.md). The built
      // files are compressed once at build time instead (registerSpa), so this stays inside /api.
      await api.register(compress, {
        threshold: 1024,
        syncThreshold: 256 * 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
      });
      for (const feature of FEATURES) await api.register(feature(context));
    },
    { prefix: '/api' },
  );

  registerSpa(app, config);
  return { app, auth, bus, ingest, ops: { readiness, metrics, embedded }, context };
}

/** Serves the built SPA with a history fallback to index.html for client-side routes. */
/** Where the built console is. */
function webDist(config: Config): string {
  return path.resolve(config.WEB_DIST ?? path.join(serverRoot, '../web/dist'));
}

function registerSpa(app: FastifyInstance, config: Config): void {
  const dist = webDist(config);
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web build not found: run `npm run build` to serve the console');
    return;
  }
  // wildcard: false registers one route per built file; everything else is a client-side route.
  // The build writes a brotli and a gzip copy beside each text file (apps/web/scripts/precompress.ts):
  // preCompressed sends the one the browser accepts with its Content-Encoding and Vary: Accept-Encoding.
  app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed assets never change under their name; everything else (index.html, robots.txt, the
    // icon) is asked again each time, so a new build is seen at once.
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.callNotFound();
    }
    return reply.sendFile('index.html');
  });
}
