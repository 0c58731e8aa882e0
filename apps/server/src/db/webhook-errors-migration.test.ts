import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../lib/sql.ts';
import { openDatabaseBefore } from '../test/database.ts';
import { migrateDatabase } from './client.ts';

/** The sentences the delivery log stored before its reasons had codes, each with what it becomes. */
const STORED: [string, string, string | null][] = [
  ['The webhook is disabled.', 'disabled', null],
  ['The receiver answered 410 Gone: it takes no more messages, so the webhook was turned off.', 'gone', null],
  ['The receiver answered 500: {"ok":false,"error":"boom"}', 'status', '{"ok":false,"error":"boom"}'],
  ['The receiver answered 404.', 'status', null],
  ['No answer within 10 s.', 'timeout', null],
  ['127.0.0.1 is a private or local address; this console does not send there.', 'private', null],
  ['Only http and https addresses are called.', 'invalid_url', null],
  ['connect ECONNREFUSED 203.0.113.9:443', 'network', 'connect ECONNREFUSED 203.0.113.9:443'],
];

describe('migration 0033: the delivery log’s reasons as codes', () => {
  it('gives every stored failure its code and keeps only what the receiver or the network said', async () => {
    const database = await openDatabaseBefore('0033_webhook_attempt_error_code');
    const { db } = database;
    await db.execute(sql`insert into webhooks (id, name, url, kind, events, secret, created_at, updated_at)
      values (1, 'Ops', 'https://example.com/hook', 'generic', '["alarm.raised"]', 'whsec_x', now(), now())`);
    await db.execute(sql`insert into webhook_deliveries (id, webhook_id, event, message_id, body, created_at, give_up_at)
      values (1, 1, 'webhook.test', 'msg_1', '{}', now(), now())`);
    for (const [i, [text]] of STORED.entries())
      await db.execute(sql`insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
        values (1, ${i + 1}, now(), null, ${text}, 5)`);
    await db.execute(sql`insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
      values (1, 99, now(), 200, null, 5)`);

    await migrateDatabase(database);

    const rows = await query<{ attempt: number; error_code: string | null; error: string | null }>(
      db,
      sql`select attempt, error_code, error from webhook_attempts order by attempt`,
    );
    expect(rows.map((r) => [r.error_code, r.error])).toEqual([
      ...STORED.map(([, code, kept]) => [code, kept]),
      [null, null],
    ]);
  });
});
