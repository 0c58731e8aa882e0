import { z } from 'zod';
import { MESSAGE_ID_RETENTION_DAYS } from './lib/dedupe-window.ts';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Unset: 1883, or any free port when that one is taken; set: that port or a failed start. */
  MQTT_PORT: z.union([z.literal('none'), z.coerce.number().int().min(0).max(65535)]).optional(),
  MQTT_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  /** Where links in emails point (the console's public address); default http://localhost:{PORT}. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Mandrill's webhook key: `X-Mandrill-Signature` is checked with it; unset: the webhook rejects all. */
  MANDRILL_WEBHOOK_KEY: z.string().min(1).optional(),
  /** Twilio for SMS and calls (features/channels/twilio.ts); without all three, sms/voice are not offered. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w+$/)
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The number (E.164) or messaging service SID (MG…) SMS and calls come from. */
  TWILIO_FROM: z.string().min(1).optional(),
  /** Another endpoint for Twilio's REST API (a regional gateway, a test server); default https://api.twilio.com. */
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Web Push (VAPID, features/channels/push.ts): both keys (base64url, as `web-push generate-vapid-keys`
   * prints them) or neither: then a pair is generated once and kept in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/)
    .optional(),
  /** Who push services may contact about this console's pushes: a mailto: or https: URL; default from PUBLIC_URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .optional(),
  /** `true`: webhook URLs and push endpoints may point at loopback and private addresses (tests, closed networks). */
  WEBHOOK_ALLOW_PRIVATE: boolish.optional(),
  /** `true`: single sign-on connections may name an http:// issuer (a provider on loopback, tests). */
  SSO_ALLOW_INSECURE: boolish.optional(),
  /** The sender of the console's emails. */
  EMAIL_FROM: z.string().default('Refrigeration Console <alerts@localhost>'),
  ZUPER_API_URL: z.url().optional(),
  ZUPER_API_KEY: z.string().optional(),
  /** The shared secret Zuper's webhook sends in `X-Zuper-Webhook-Secret`; unset: no webhook receiver. */
  ZUPER_WEBHOOK_SECRET: z.string().min(16).optional(),
  DEVICE_PROVISIONING_KEY: z.string().min(8).optional(),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** `gravatar`: show Gravatar images (the browser then asks gravatar.com); default: initials only. */
  AVATARS: z.enum(['gravatar', 'initials']).default('initials'),
  MQTT_HOST: z.string().default('0.0.0.0'),
  READINGS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /** Ingest batches written at once on PostgreSQL (each by its own lane of controllers); PGlite always uses 1. */
  INGEST_LANES: z.coerce.number().int().min(1).max(8).default(2),
  /** A lane writes its batch when it holds this many readings, or INGEST_BATCH_DELAY_MS after its first message. */
  INGEST_BATCH_READINGS: z.coerce.number().int().min(1).max(100_000).default(5000),
  INGEST_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(20),
  DEMO_FLEET: boolish.optional(),
  /** The shared-subscription group the instances of one deployment split devices' messages in. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('rcm-ingest'),
  /**
   * With MQTT_URL: connections (each a session of the shared subscription) this instance consumes on.
   * The broker queues for each session separately, so instances × MQTT_CONSUMERS sessions share a
   * backlog (deploy/mosquitto.conf: max_queued_messages is per session).
   */
  MQTT_CONSUMERS: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * With MQTT_URL: messages the broker may have in flight to each consumer connection (MQTT 5
   * Receive Maximum) before it waits for PUBACKs, which are sent after commit. Beyond it the backlog
   * stays queued in the broker, within the limits sized for it, and not in this process's memory.
   */
  MQTT_RECEIVE_MAXIMUM: z.coerce.number().int().min(10).max(65_535).default(5000),
  /** When set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Graceful shutdown: how long the instance reports "not ready" before it stops taking work (a proxy's health check notices). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Embedded database: below this much free space on DATA_DIR's filesystem, /api/ready answers 503
   * disk_low and ingest and backups are refused (PGlite hangs when it cannot create a WAL file).
   */
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Embedded database: a file of this size kept in DATA_DIR and released when a write meets a full
   * disk (filled by something else between two checks), so PGlite never fails a WAL write; 0: none.
   */
  DISK_RESERVE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Embedded database: CHECKPOINT once this much WAL was written since the last one, or CHECKPOINT_INTERVAL_S passed. */
  CHECKPOINT_WAL_MB: z.coerce.number().int().min(16).max(4096).default(256),
  CHECKPOINT_INTERVAL_S: z.coerce.number().int().min(30).max(86_400).default(300),
  /** Embedded database: where backups are written (default DATA_DIR/backups, so ./data/backups). */
  BACKUP_DIR: z.string().optional(),
  /** Backups kept of each kind (nightly, and made with "Back up now"). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** The hour (UTC) of the nightly backup. */
  BACKUP_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(3),
  /**
   * With MQTT_URL: one instance at a time (advisory lock) keeps a plain persistent subscription to
   * the device topics, which Mosquitto restores after a restart (it does not restore `$share` ones),
   * and ingests what it got while the shared subscriptions were missing (see deploy/README.md).
   */
  MQTT_SAFETY_NET: boolish.default(true),
  /**
   * How long the broker keeps the safety net's session (and queues for it) while nobody holds it.
   * At most the msg_id dedupe window: an older backlog would be stored a second time.
   */
  MQTT_SAFETY_NET_EXPIRY_S: z.coerce
    .number()
    .int()
    .min(10)
    .max(MESSAGE_ID_RETENTION_DAYS * 86_400)
    .default(86_400),
  /** Names this instance to the external broker, so a restart resumes its persistent session. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/)
    .optional(),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
