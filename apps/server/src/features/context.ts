import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { ConsoleUrl } from '../lib/console-url.ts';
import type { AuditRepo } from './audit/repo.ts';
import type { Mfa } from './auth/mfa-service.ts';
import type { PasswordLinks } from './auth/password-links.ts';
import type { Reauth } from './auth/reauth.ts';
import type { AuthService } from './auth/service.ts';
import type { Ingest } from './ingest/parts.ts';
import type { EmailOutboxRepo } from './mail/outbox-repo.ts';
import type { EmbeddedOps } from './ops/embedded.ts';
import type { ProvisioningKeys } from './provisioning/keys.ts';

/**
 * What every feature is built from. `buildApp` (app.ts) builds it once; each feature's `module.ts`
 * takes what it needs from it.
 */
export type FeatureContext = {
  config: Config;
  db: Db;
  bus: EventBus;
  audit: AuditRepo;
  /** Sessions and permissions: the request hook and the features that open or present sessions. */
  auth: AuthService;
  log: FastifyBaseLogger;
  /** The one clock of the instance (tests pass a fixed one). */
  now: () => Date;
  /** Parts built before the features that some of them reach into. */
  shared: {
    /** Device ingest: the registry (forget a device), the rules and maintenance caches, the pipeline. */
    ingest: Ingest;
    /** The embedded database's backups, disk watch and ingest refusal while the disk is low. */
    embedded: EmbeddedOps;
    /** Reset and invitation links: sign-in's "forgot password" and the users settings. */
    passwordLinks: PasswordLinks;
    /** Second factors and the organization security policy: sign-in, the account, users settings and organizations. */
    mfa: Mfa;
    /** Re-authentication: its route, the account's sensitive changes and the HACCP signatures spend its proofs. */
    reauth: Reauth;
    /** How devices reach this instance: the provisioning key, and the embedded broker's port once it listens (server.ts). */
    devices: { provisioning: ProvisioningKeys; mqttPort: number | null };
    /** The console's public address for links (PUBLIC_URL, else localhost at the port server.ts reports once it listens). */
    consoleUrl: ConsoleUrl;
    /** The email outbox every feature queues its emails in (in the caller's transaction); the notification worker delivers them. */
    outbox: EmailOutboxRepo;
    /** What sign-in and integration tokens ask of organizations, answered by its repositories. */
    directory: {
      /** Of these location ids, those of the organization. */
      locationIdsInOrganization: (organizationId: number, ids: readonly number[]) => Promise<number[]>;
      /** A member's locations: all of them, or these. */
      setLocations: (userId: number, allLocations: boolean, locationIds: readonly number[], tx: Tx) => Promise<void>;
    };
  };
};

/** The one shape of a feature: its routes under `/api`, built from the context. */
export type FeatureModule = (ctx: FeatureContext) => FastifyPluginAsyncZod;
