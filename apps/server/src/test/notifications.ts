import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSenderOf } from '../features/channels/push.ts';
import { twilioOf } from '../features/channels/twilio.ts';
import { createMailTransport, type MailTransport } from '../features/mail/transport.ts';
import { createAlarmManagementRepo } from '../features/notifications/alarm-management-repo.ts';
import { createRecipientsRepo } from '../features/notifications/recipients-repo.ts';
import type { NotificationWorkerDeps } from '../features/notifications/worker.ts';
import { createPagingRepo } from '../features/oncall/paging-repo.ts';
import { arr, query } from '../lib/sql.ts';
import { addUser } from './alarms.ts';
import { login } from './app.ts';
import { headers } from './helpers.ts';
import { createTestServer, type TestServer } from './server.ts';
import { startTestSmtp } from './smtp.ts';

/** What the notification tests (features/notifications/notifications*.test.ts) share. */

/** The repositories the notification worker's passes use, as server.ts builds them. */
export const workerRepos = () => ({
  paging: createPagingRepo(),
  alarmManagement: createAlarmManagementRepo(),
  recipients: createRecipientsRepo(),
});

export const PUBLIC_URL = 'http://console.test';
export const WEBHOOK_KEY = 'test-mandrill-key';

export type EmailRow = {
  id: number;
  to_address: string;
  locale: string;
  subject: string;
  text: string;
  status: string;
  kind: string;
  tier: number;
  attempts: number;
  sent_at: unknown;
  delivered_at: unknown;
  opened_at: unknown;
  clicked_at: unknown;
  bounced_at: unknown;
  provider_message_id: string | null;
};

type Running = {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  transport: MailTransport;
  deps: NotificationWorkerDeps;
  managerToken: string;
};

/**
 * The whole server on the demo seed (PUBLIC_URL, the Mandrill webhook key), a real SMTP server, the
 * notification worker's dependencies on a test clock set to the real time before each test, and the
 * manager's sign-in (`env`: more settings, read in beforeAll: a hook registered before this call has run). Registers the file's beforeAll/afterAll/beforeEach; the getters answer once
 * beforeAll has run.
 */
/** People who subscribe to alarm emails (high and above, in their saved time zone): the manager sees every FreshMart store. */
export async function subscribeToAlarmEmails(db: Db, emails: string[], minSeverity = 'high'): Promise<void> {
  await db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, time_zone)
    select id, true, ${minSeverity}, 'America/Chicago' from users where email = any(${arr(emails)}::text[])
    on conflict (user_id) do update set enabled = true, min_severity = excluded.min_severity`);
}

/**
 * A test server and notification worker deps; `subscribed` people turn alarm emails on (high and
 * above) before the tests.
 */
export function useNotificationsServer(
  env: () => Record<string, string> = () => ({}),
  opts: { subscribed?: string[] } = {},
) {
  const clock = { now: new Date() };
  let running: Running | null = null;
  const get = (): Running => {
    if (!running) throw new Error('the notifications server is not started (beforeAll)');
    return running;
  };
  beforeAll(async () => {
    const smtp = await startTestSmtp();
    const extra = env();
    const server = await createTestServer({ PUBLIC_URL, MANDRILL_WEBHOOK_KEY: WEBHOOK_KEY, ...extra });
    const transport = createMailTransport(smtp.url);
    const deps: NotificationWorkerDeps = {
      db: server.database.db,
      bus: server.bus,
      outbox: server.context.shared.outbox,
      transport,
      publicUrl: PUBLIC_URL,
      twilio: twilioOf(extra),
      push: pushSenderOf({ db: server.database.db, config: loadConfig({ PUBLIC_URL, ...extra }) }),
      allowPrivateWebhooks: loadConfig({ PUBLIC_URL, ...extra }).WEBHOOK_ALLOW_PRIVATE === true,
      from: 'Console <alerts@console.test>',
      now: () => clock.now,
      ...workerRepos(),
    };
    if (opts.subscribed) await subscribeToAlarmEmails(server.database.db, opts.subscribed);
    running = { server, smtp, transport, deps, managerToken: await login(server.app, 'manager@example.com') };
  });
  afterAll(async () => {
    running?.transport.close();
    await running?.server.stop();
    await running?.smtp.close();
  });
  beforeEach(() => {
    clock.now = new Date();
  });
  return {
    clock,
    get server() {
      return get().server;
    },
    get smtp() {
      return get().smtp;
    },
    get deps() {
      return get().deps;
    },
    get managerToken() {
      return get().managerToken;
    },
    /** The email_messages rows of an alarm, oldest first. */
    emailsOf: (alarmId: number) =>
      query<EmailRow>(
        get().server.database.db,
        sql`select * from email_messages where alarm_id = ${alarmId} order by id`,
      ),
    /** Queues an alarm's 'raised' event in the notification outbox. */
    queueRaise: async (alarmId: number) => {
      await get().server.database.db.execute(
        sql`insert into notification_outbox (alarm_id, event) values (${alarmId}, 'raised')`,
      );
    },
  };
}

/**
 * Three FreshMart members copied from the manager, with saved preferences: quiet@ in quiet hours
 * around `now` in Mexico City, low@ taking every alarm from low up, off@ with notifications turned off.
 */
export async function addPreferenceMembers(db: Db, now: Date): Promise<void> {
  const quiet = await addUser(db, { from: 'manager@example.com', email: 'quiet@freshmart.test' });
  const low = await addUser(db, { from: 'manager@example.com', email: 'low@freshmart.test' });
  const off = await addUser(db, { from: 'manager@example.com', email: 'off@freshmart.test' });
  // An hour either side of `now` to the minute: a test a few seconds later (or past the top of an
  // hour) is still inside.
  const local = (at: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Mexico_City',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  const quietStart = local(new Date(now.getTime() - 3_600_000));
  const quietEnd = local(new Date(now.getTime() + 3_600_000));
  await db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone)
    values (${quiet.id}, true, 'low', ${quietStart}, ${quietEnd}, 'America/Mexico_City'),
           (${low.id}, true, 'low', null, null, 'America/Chicago'),
           (${off.id}, false, 'low', null, null, 'America/Chicago')`);
}

/** A page of an alarm, as `GET /api/alarms/{ref}/pages` answers it. */
export type AlarmPage = {
  step: number;
  user: { id: number; name: string } | null;
  channel: string;
  status: string;
  detail: string | null;
  fallback: boolean;
};

/** The escalation tests' calls on a notifications server, as the administrator whose token `token` gives. */
export function escalationHelpers(fx: ReturnType<typeof useNotificationsServer>, token: () => string) {
  const pagesOf = async (ref: number): Promise<AlarmPage[]> => {
    const res = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms/${ref}/pages`,
      headers: headers(token()),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const at = (t0: Date, seconds: number) => new Date(t0.getTime() + seconds * 1000);
  /** A shared policy for the type, made through the API as the administrator. */
  const policyFor = async (code: string, body: object): Promise<number> => {
    const res = await fx.server.app.inject({
      method: 'POST',
      url: '/api/escalation-policies',
      headers: headers(token()),
      payload: { organization_id: null, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    await fx.server.database.db.execute(sql`update alarm_types set escalation_policy_id = ${id} where code = ${code}`);
    return id;
  };
  return { pagesOf, at, policyFor };
}

/**
 * The escalation tests' server, as `useNotificationsServer`, with the preference members added (a
 * raise's email goes to those subscribed to alarm emails whose preferences take the alarm, low@;
 * everyone else hears of it only when a policy pages them), the administrator signed in, and their calls.
 */
export function useEscalationServer() {
  const fx = useNotificationsServer();
  let token = '';
  beforeAll(async () => {
    await addPreferenceMembers(fx.server.database.db, fx.clock.now);
    token = await login(fx.server.app, 'admin@example.com');
  });
  return { fx, adminToken: () => token, ...escalationHelpers(fx, () => token) };
}
