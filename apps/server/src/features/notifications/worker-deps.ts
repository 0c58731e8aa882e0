import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { PushSender } from '../channels/push.ts';
import type { TwilioClient } from '../channels/twilio.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { PagingRepo } from '../oncall/paging.ts';
import type { AlarmManagementRepo } from './alarm-management-repo.ts';
import type { RecipientsRepo } from './recipients-repo.ts';

/** What the notification worker's passes (worker.ts) run with. */
export type NotificationWorkerDeps = {
  db: Db;
  bus: EventBus;
  /** The email outbox: the worker delivers what it holds and queues the alarms' emails in it. */
  outbox: EmailOutboxRepo;
  transport: MailTransport;
  /** The console's public address, for the links in emails. */
  publicUrl: string;
  from: string;
  now: () => Date;
  /** The paging chains' statements (features/oncall/paging-repo.ts). */
  paging: PagingRepo;
  /** Chattering conditions and floods (alarm-management-repo.ts). */
  alarmManagement: AlarmManagementRepo;
  /** Who is emailed about an alarm (recipients-repo.ts). */
  recipients: RecipientsRepo;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** SMS and calls (null or absent: not configured). */
  twilio?: TwilioClient | null;
  /** Web Push (null or absent: push deliveries fail, saying so). */
  push?: PushSender | null;
  /** WEBHOOK_ALLOW_PRIVATE: webhook receivers on loopback and private addresses are allowed. */
  allowPrivateWebhooks?: boolean;
  /** Delivery attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Who claims the channels' deliveries (features/channels/deliver.ts). */
  claimant?: string;
  /**
   * At start, the deliveries a previous run of this sender claimed are due again at once: those of
   * `claimant`, or (null) every claim, where this process is the only sender (the embedded database).
   */
  releaseClaimsAtStart?: { claimant: string | null };
};
