import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSequence, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { controllers, locations, organizations, parentColumn, timestamps, ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';

export type JobPriorityValue = 'URGENT' | 'HIGH' | 'MEDIUM' | 'LOW';
export type JobStatusValue = 'New' | 'Started' | 'On Hold' | 'Closed';
export type JobProviderValue = 'local' | 'zuper';
/** Assignees are people of the field-service tool, not always our users (Zuper's own staff). */
export type JobAssignee = { user_id: number | null; name: string; external_id?: string | null };

/** Human-facing numbers of local jobs (Zuper jobs keep their work order number). */
export const jobNumberSeq = pgSequence('job_number_seq', { startWith: 5001 });

export const jobCategories = pgTable(
  'job_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    provider: text('provider').$type<JobProviderValue>().notNull().default('local'),
    externalId: text('external_id'),
    /** Archived categories are not offered for new jobs; jobs filed under one keep it. */
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_categories_name_uq').on(t.provider, t.name),
    uniqueIndex('job_categories_external_uq').on(t.provider, t.externalId),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => jobCategories.id),
    priority: text('priority').$type<JobPriorityValue>().notNull().default('MEDIUM'),
    status: text('status').$type<JobStatusValue>().notNull().default('New'),
    /** The provider's own status name (Zuper's status_name), shown beside ours. */
    providerStatus: text('provider_status'),
    createdBy: integer('created_by').references(() => users.id),
    createdByName: text('created_by_name').notNull().default(''),
    /** Null only for provider jobs we could not match to one of our locations: staff with view_all see them. */
    organizationId: integer('organization_id').references(() => organizations.id),
    locationId: integer('location_id').references(() => locations.id),
    controllerId: integer('controller_id').references(() => controllers.id),
    alarmId: integer('alarm_id').references(() => alarms.id),
    assignees: jsonb('assignees').$type<JobAssignee[]>().notNull().default(sql`'[]'::jsonb`),
    callReceivedAt: ts('call_received_at').notNull().defaultNow(),
    provider: text('provider').$type<JobProviderValue>().notNull().default('local'),
    externalId: text('external_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('jobs_external_uq').on(t.provider, t.externalId),
    index('jobs_org_status_idx').on(t.organizationId, t.status, t.callReceivedAt.desc()),
    index('jobs_status_idx').on(t.status, t.callReceivedAt.desc()),
    index('jobs_controller_idx').on(t.controllerId),
    index('jobs_alarm_idx').on(t.alarmId),
  ],
);

export const jobStatusHistory = pgTable(
  'job_status_history',
  {
    id: serial('id').primaryKey(),
    jobId: parentColumn('job_id', () => jobs.id),
    fromStatus: text('from_status').$type<JobStatusValue>(),
    toStatus: text('to_status').$type<JobStatusValue>().notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    changedByName: text('changed_by_name').notNull().default(''),
    note: text('note').notNull().default(''),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('job_status_history_job_idx').on(t.jobId, t.changedAt)],
);
