import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MQTT_PORT: z.union([z.literal('none'), z.coerce.number().int().min(0).max(65535)]).default(1883),
  MQTT_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  ZUPER_API_URL: z.url().optional(),
  ZUPER_API_KEY: z.string().optional(),
  DEVICE_PROVISIONING_KEY: z.string().min(8).optional(),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  MQTT_HOST: z.string().default('0.0.0.0'),
  READINGS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  DEMO_FLEET: boolish.optional(),
  /** The shared-subscription group the instances of one deployment split devices' messages in. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('rcm-ingest'),
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
