/**
 * On call (features/oncall): schedules of people, the steps of escalation policies, and the pages an
 * alarm sent. The final rota is computed from layers and overrides (features/oncall/rota.ts), never
 * stored.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { escalationPolicies, organizations, parentColumn, timestamps, ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';
import { contactMethods } from './schema-channels.ts';
import { emailMessages } from './schema-notifications.ts';

export type OncallRestriction = { days: string[]; from: string; to: string };
/** `members`: the people of the alarm's organization who may see it (the default policy's first step). */
export type EscalationTarget = { type: 'schedule' | 'user' | 'team'; id: number } | { type: 'members' };
export type PageChannel = 'email' | 'sms' | 'voice' | 'push' | 'webhook';
export type PageStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'acknowledged';

export const oncallSchedules = pgTable(
  'oncall_schedules',
  {
    id: serial('id').primaryKey(),
    /** Null: the service company's own, shared by every organization. */
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    /** IANA zone of the layers' hours and restrictions. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    ...timestamps(),
  },
  (t) => [index('oncall_schedules_org_idx').on(t.organizationId)],
);

/** A rotation of people; a later layer (higher position) wins where it covers the time. */
export const oncallLayers = pgTable(
  'oncall_layers',
  {
    id: serial('id').primaryKey(),
    scheduleId: parentColumn('schedule_id', () => oncallSchedules.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Participants in rotation order. */
    userIds: integer('user_ids').array().notNull(),
    startsAt: ts('starts_at').notNull(),
    shiftHours: integer('shift_hours').notNull(),
    restrict: jsonb('restrict').$type<OncallRestriction>(),
  },
  (t) => [index('oncall_layers_schedule_idx').on(t.scheduleId, t.position)],
);

/** One person on call over a period, over every layer (a swap or sick cover). */
export const oncallOverrides = pgTable(
  'oncall_overrides',
  {
    id: serial('id').primaryKey(),
    scheduleId: parentColumn('schedule_id', () => oncallSchedules.id),
    userId: parentColumn('user_id', () => users.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('oncall_overrides_schedule_idx').on(t.scheduleId, t.endsAt)],
);

/** A step of a policy: who is paged, its delay after the step before (or after the raise). */
export const escalationSteps = pgTable(
  'escalation_steps',
  {
    id: serial('id').primaryKey(),
    policyId: parentColumn('policy_id', () => escalationPolicies.id),
    position: integer('position').notNull(),
    delayMinutes: integer('delay_minutes').notNull(),
    targets: jsonb('targets').$type<EscalationTarget[]>().notNull(),
  },
  (t) => [index('escalation_steps_policy_idx').on(t.policyId, t.position)],
);

/**
 * Every page of an alarm: one person, one channel. An email page follows its email's delivery (its
 * status is read through `email_id`); other channels write their status here.
 */
export const alarmPages = pgTable(
  'alarm_pages',
  {
    id: serial('id').primaryKey(),
    alarmId: parentColumn('alarm_id', () => alarms.id),
    /** 1-based step of the policy. */
    step: integer('step').notNull(),
    /** The run of the chain: 0, then 1..repeat. */
    cycle: integer('cycle').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<PageChannel>().notNull(),
    status: text('status').$type<PageStatus>().notNull().default('queued'),
    at: ts('at').notNull(),
    detail: text('detail'),
    emailId: integer('email_id').references(() => emailMessages.id, { onDelete: 'set null' }),
    /**
     * A delivery the channels' worker sends (features/channels/deliver.ts) is due then: a rule's delay
     * after the page (its `at`), later after a failed try (backoff); null on pages done at once.
     */
    nextAttemptAt: ts('next_attempt_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The number an SMS or call goes to (channels' contact methods). */
    contactMethodId: integer('contact_method_id').references(() => contactMethods.id, { onDelete: 'set null' }),
    /** The outside service's id of what it sent (Twilio's message or call SID), matched by its status callbacks. */
    providerId: text('provider_id'),
    /** The policy reached nobody who may see the alarm, so this page went to its default audience. */
    fallback: boolean('fallback').notNull().default(false),
    /** Who holds the claim on a delivery being sent: `INSTANCE_ID`, or this process's own id. */
    claimedBy: text('claimed_by'),
    /**
     * When a send to the outside service began and what was sent: set before the request and cleared
     * by its answer, so a delivery claimed again with it set (its sender died mid-send) is first
     * looked up at the provider, and only sent again when the provider has no such message.
     */
    sendStartedAt: ts('send_started_at'),
    sentBody: text('sent_body'),
  },
  (t) => [
    index('alarm_pages_alarm_idx').on(t.alarmId, t.at),
    index('alarm_pages_email_idx').on(t.emailId),
    index('alarm_pages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued' and ${t.nextAttemptAt} is not null`),
    index('alarm_pages_provider_idx').on(t.providerId),
    // The alarm list's "Mine" (alarms that paged a person): `paged_user_id` in filter-sql.ts.
    index('alarm_pages_user_idx').on(t.userId, t.alarmId),
  ],
);

/**
 * The shift-start reminders sent: one per person and start of a schedule's on-call shift (the unique
 * key), so a restart or a second instance never sends one twice.
 */
export const oncallReminders = pgTable(
  'oncall_reminders',
  {
    id: serial('id').primaryKey(),
    scheduleId: parentColumn('schedule_id', () => oncallSchedules.id),
    userId: parentColumn('user_id', () => users.id),
    /** When the shift starts. */
    startsAt: ts('starts_at').notNull(),
    channel: text('channel').$type<PageChannel>().notNull(),
    sentAt: ts('sent_at').notNull(),
    emailId: integer('email_id').references(() => emailMessages.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('oncall_reminders_shift_key').on(t.scheduleId, t.userId, t.startsAt)],
);
