import type { ControllerKind, OfflineReason } from '@rcm/shared/controllers';
import type { DeviceChannel, DeviceRejectProblem, DeviceRejectReason } from '@rcm/shared/device';
import type { GatewayStatusMessage } from '@rcm/shared/gateway';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date (every schema file's timestamps). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was created and last changed (spread into a table's columns). */
export const timestamps = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A child row's parent: required, and the child is deleted with it. */
export const parentColumn = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** The organization a row belongs to: the tenant scope's column (`features/auth/scope.ts`). */
export const organizationColumn = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id);

/** The organization and location a row belongs to (spread into a table's columns). */
export const placeColumns = () => ({
  organizationId: organizationColumn(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
});

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Archived: hidden from lists and pickers; its alarms, jobs and report rows stay readable. */
    archivedAt: ts('archived_at'),
    /**
     * The countries (ISO 3166 alpha-2) its people's phone numbers may be in for SMS and calls; null:
     * the countries of its locations' phone numbers (features/channels/countries.ts).
     */
    phoneCountries: text('phone_countries').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('organizations_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationColumn(),
    name: text('name').notNull(),
    addressLine1: text('address_line_1').notNull().default(''),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    timezone: text('timezone').notNull().default('America/Chicago'),
    /** The location's own escalation policy; it wins over the alarm type's (features/oncall). */
    escalationPolicyId: integer('escalation_policy_id').references(() => escalationPolicies.id),
    /** Archived: hidden from lists and pickers; its alarms, jobs and report rows stay readable. */
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('locations_org_idx').on(t.organizationId),
    index('locations_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('locations_address_trgm').using('gin', t.addressLine1.op('gin_trgm_ops')),
    index('locations_city_trgm').using('gin', t.city.op('gin_trgm_ops')),
  ],
);

/**
 * Who is paged for an alarm and when (features/oncall): its steps are in schema-oncall.ts. Here beside
 * the tenancy tables because locations and alarm types name one. One policy is the default, for types
 * and locations that name none.
 */
export const escalationPolicies = pgTable(
  'escalation_policies',
  {
    id: serial('id').primaryKey(),
    /** Null: the service company's own, shared by every organization. */
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    /** How many times the whole chain runs again while nobody acts (0..9). */
    repeat: integer('repeat').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('escalation_policies_org_idx').on(t.organizationId),
    uniqueIndex('escalation_policies_default_uq').on(t.isDefault).where(sql`is_default`),
  ],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organizationId: integer('organization_id').references(() => organizations.id),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** A deleted role still held by deleted users: left out of lists and pickers, kept for their history. */
  archivedAt: ts('archived_at'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en-US'),
    organizationId: organizationColumn(),
    teamId: integer('team_id').references(() => teams.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    allLocations: boolean('all_locations').notNull().default(true),
    phone: text('phone').notNull().default(''),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * A deleted user keeps their row, so their name stays on alarms, notes, jobs and the audit log;
     * they cannot sign in, are left out of every list and picker, and their address may be used again.
     */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Locations a member may see when their membership is not `all_locations`. */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: parentColumn('user_id', () => users.id),
    locationId: parentColumn('location_id', () => locations.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] })],
);

export const controllers = pgTable(
  'controllers',
  {
    id: serial('id').primaryKey(),
    /** A gateway's child has no MAC of its own: `{gateway MAC}/{child}` (its topics' segments), unique like a MAC. */
    macAddress: text('mac_address').notNull(),
    name: text('name'),
    storeAlias: text('store_alias'),
    /** `gateway`: a store gateway speaking for the Modbus controllers on its buses (its children). */
    kind: text('kind').$type<ControllerKind>().notNull().default('controller'),
    /** A child's gateway: the child is read through it and authenticated by its credentials. */
    gatewayId: integer('gateway_id').references((): AnyPgColumn => controllers.id),
    /** A child's bus name on its gateway. */
    bus: text('bus'),
    /** Why a child is offline (its own status's reason, or its gateway gone); null otherwise. */
    offlineReason: text('offline_reason').$type<OfflineReason>(),
    organizationId: integer('organization_id').references(() => organizations.id),
    locationId: integer('location_id').references(() => locations.id),
    deviceModel: text('device_model'),
    firmware: text('firmware'),
    vendorEndpoint: text('vendor_endpoint'),
    deviceAddress: text('device_address'),
    warrantyExpiry: date('warranty_expiry', { mode: 'string' }),
    authorised: boolean('authorised').notNull().default(false),
    /** When it was authorized: its offline clock starts then, not at its last message while pending. */
    authorizedAt: ts('authorised_at'),
    secureMode: boolean('secure_mode').notNull().default(true),
    online: boolean('online').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    deviceKeyHash: text('device_key_hash'),
    /**
     * Taken out of service: its key no longer works and it leaves every list, its history stays. The
     * same hardware may announce itself again and becomes a new pending controller.
     */
    decommissionedAt: ts('decommissioned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('controllers_mac_uq').on(t.macAddress).where(sql`${t.decommissionedAt} is null`),
    index('controllers_org_idx').on(t.organizationId),
    index('controllers_pending_idx').on(t.authorised),
    index('controllers_gateway_idx').on(t.gatewayId),
    // Search (pg_trgm, migration 0003): contains and typo-tolerant word matches.
    index('controllers_mac_trgm').using('gin', t.macAddress.op('gin_trgm_ops')),
    index('controllers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('controllers_alias_trgm').using('gin', t.storeAlias.op('gin_trgm_ops')),
  ],
);

/** A store gateway's latest status document (buses, children, outbox, agent), for its page. */
export const gatewayStatuses = pgTable('gateway_statuses', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  receivedAt: ts('received_at').notNull(),
  document: jsonb('document').$type<GatewayStatusMessage>().notNull(),
});

/**
 * Messages ingest refused from a controller (malformed or too large; a device cannot fix them by
 * resending): how many, and the last one. Written in batches by ingest (pipeline/rejections.ts).
 */
export const controllerRejections = pgTable('controller_rejections', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  lastAt: ts('last_at').notNull(),
  lastChannel: text('last_channel').$type<DeviceChannel>().notNull(),
  lastReason: text('last_reason').$type<DeviceRejectReason>().notNull(),
  lastProblem: text('last_problem').$type<DeviceRejectProblem>(),
  lastField: text('last_field'),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id),
    /** The integration token the actor's change came through (api_tokens.id; kept after revocation). */
    apiTokenId: integer('api_token_id'),
    organizationId: integer('organization_id').references(() => organizations.id),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt)],
);

/** Facts about this installation, kept with its data (`demo`: the database was seeded as the demo). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
