/**
 * How long a message id stays in `ingest_messages` (scheduled/scheduler.ts `applyRetention`): a
 * message delivered again within this window is recognised and dropped; later, it would be
 * stored twice. Anything that can redeliver later (the safety net's session expiry, config.ts)
 * is capped at it. No imports: config.ts reads it.
 */
export const MESSAGE_ID_RETENTION_DAYS = 2;
