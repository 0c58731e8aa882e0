import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import { createAcknowledger } from '../alarms/lifecycle/acknowledge.ts';
import { createAlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import type { FeatureContext } from '../context.ts';
import { createAccountChannels } from './account.ts';
import { createAccountChannelsRepo } from './account-repo.ts';
import { accountChannelRoutes } from './account-routes.ts';
import { createAckLinks } from './ack-links.ts';
import { ACK_LINK_TTL_MS, createAckLinksRepo } from './ack-links-repo.ts';
import { createAlarmMessageRepo } from './alarm-message-repo.ts';
import { createDeliverRepo } from './deliver-repo.ts';
import { createMyPages } from './my-pages.ts';
import { createMyPagesRepo } from './my-pages-repo.ts';
import { myPagesRoutes } from './my-pages-routes.ts';
import { phoneCountriesRoutes } from './phone-countries-routes.ts';
import { pushSenderOf } from './push.ts';
import { createPushAccount } from './push-account.ts';
import { createPushRepo } from './push-repo.ts';
import { pushRoutes } from './push-routes.ts';
import { ackLinkRoutes } from './routes.ts';
import { twilioOf } from './twilio.ts';
import { createTwilioRepo } from './twilio-repo.ts';
import { twilioRoutes } from './twilio-routes.ts';
import { createVerificationGuard } from './verification-guard.ts';
import { createVerificationRepo } from './verification-repo.ts';
import { createWebhooks } from './webhooks.ts';
import { webhookRoutes } from './webhooks-routes.ts';

/**
 * Channels: reaching a paged person beyond email (contact methods, notification rules, SMS and calls
 * through Twilio) and their answers (acknowledge links, SMS replies, a call's "press 1", statuses).
 */
export function channelsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const acknowledger = createAcknowledger({ db: ctx.db, bus: ctx.bus, audit: ctx.audit, now: ctx.now });
  const ackLinks = createAckLinks({ repo: createAckLinksRepo(ctx.db), auth: ctx.auth, acknowledger, now: ctx.now });
  const twilio = twilioOf(ctx.config);
  const verifications = createVerificationRepo(ctx.db);
  const guard = createVerificationGuard({
    repo: verifications,
    from: ctx.config.TWILIO_FROM ?? null,
    now: ctx.now,
  });
  const account = createAccountChannels({
    repo: createAccountChannelsRepo(ctx.db),
    twilio,
    guard,
    push: true,
    now: ctx.now,
  });
  const push = createPushAccount({ repo: createPushRepo(ctx.db), sender: pushSenderOf(ctx), now: ctx.now });
  return async (app) => {
    await app.register(ackLinkRoutes(ackLinks));
    await app.register(
      myPagesRoutes(
        createMyPages({ repo: createMyPagesRepo(ctx.db), alarms: createAlarmPlaceRepo(ctx.db), now: ctx.now }),
      ),
    );
    await app.register(accountChannelRoutes(account));
    await app.register(pushRoutes(push));
    await app.register(
      phoneCountriesRoutes({ db: ctx.db, repo: verifications, audit: ctx.audit, guard, now: ctx.now }),
    );
    await app.register(
      webhookRoutes(
        createWebhooks({
          db: ctx.db,
          audit: ctx.audit,
          now: ctx.now,
          publicUrl: ctx.shared.consoleUrl.url(),
          allowPrivateWebhooks: ctx.config.WEBHOOK_ALLOW_PRIVATE === true,
          log: ctx.log,
        }),
      ),
    );
    await app.register(
      twilioRoutes({
        repo: createTwilioRepo(ctx.db),
        alarms: createAlarmMessageRepo(ctx.db),
        deliveries: createDeliverRepo(ctx.db),
        bus: ctx.bus,
        auth: ctx.auth,
        acknowledger,
        authToken: twilio ? (ctx.config.TWILIO_AUTH_TOKEN ?? null) : null,
        twilio,
        publicUrl: ctx.shared.consoleUrl.url(),
        now: ctx.now,
      }),
    );
  };
}

/** The channels' scheduled tasks. */
export function channelsTasks(ctx: FeatureContext): ScheduledTask[] {
  return [
    {
      // Acknowledge links a day past their expiry (a link answers 404 from its expiry on either way).
      name: 'ack-links-purge',
      everyMs: 60 * 60_000,
      run: async (db) =>
        void (await createAckLinksRepo(db).deleteExpiredAckLinks(new Date(ctx.now().getTime() - ACK_LINK_TTL_MS))),
    },
    {
      // Verification codes asked for are counted over a day and shown for a day; kept 30 days.
      name: 'verification-sends-purge',
      everyMs: 60 * 60_000,
      run: (db) => createVerificationRepo(db).purge(new Date(ctx.now().getTime() - 30 * 24 * 3_600_000)),
    },
    {
      // Twilio requests past their memory (twilio-repo.ts: a year for SMS replies, two days for the rest).
      name: 'twilio-requests-purge',
      everyMs: 60 * 60_000,
      run: (db) => createTwilioRepo(db).purgeTwilioRequests(ctx.now()),
    },
  ];
}
