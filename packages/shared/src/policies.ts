import type { AlarmStatus } from './alarms.ts';
import { isPermission, type Permission } from './permissions.ts';

/**
 * Capabilities: what a user may do, as one function both sides call. The server asks `can` (and
 * answers 403 when it says no) after a route's `needs(…)` gate and the tenant scope (`auth/scope.ts`)
 * have let the caller in; the web asks the same `can` to show or hide an action. The server stays
 * the authority: the web's answer only decides what is offered.
 *
 * Without a subject, `can` answers whether the user may take the action on some subject of its kind
 * (their permissions allow it); with one, the rules that depend on the subject (its state, its
 * organization, the permissions it holds) apply too. So a service can answer 403 for "never" and 404
 * or 409 for "not this one".
 */

/** The user as both sides know them: the server's request context, the web's signed-in user. */
export type Actor = {
  id: number;
  organizationId: number;
  permissions: ReadonlySet<string> | readonly string[];
  /** The session is an impersonation (an administrator signed in as this user). */
  impersonating: boolean;
};

/** A record placed in an organization (null: shared by every organization). */
type InOrganization = { organizationId: number | null };
/** Someone holding these permissions (a user, or a role to hand out). */
type Holder = { permissions: readonly string[] };

/** The statuses each alarm transition starts from (the lifecycle: active → acknowledged → cleared). */
export const ALARM_TRANSITION_FROM = {
  acknowledge: ['active'],
  clear: ['active', 'acknowledged'],
} as const satisfies Record<string, readonly AlarmStatus[]>;

/** Every action, with the subject it may be asked about (`undefined`: it has none). */
export type ActionSubjects = {
  'alarm.view': undefined;
  'alarm.acknowledge': { status: AlarmStatus };
  'alarm.clear': { status: AlarmStatus };
  'alarm.shelve': { status: AlarmStatus };
  'alarm.annotate': undefined;
  'controller.list': undefined;
  'controller.open': undefined;
  'controller.view': undefined;
  'controller.remove': undefined;
  'controller.edit': undefined;
  'controller.move': InOrganization;
  'controller.maintain': undefined;
  'controller.decommission': undefined;
  'controller.authorize': InOrganization;
  'controller.assign': InOrganization;
  'controller.pending.view': undefined;
  'controller.reject': undefined;
  'job.view': undefined;
  'job.create': undefined;
  'job.edit': { provider: string };
  'jobCategory.manage': undefined;
  'inventory.view': undefined;
  'inventory.edit': undefined;
  'supplier.manage': undefined;
  'asset.view': undefined;
  'asset.edit': undefined;
  'search.use': undefined;
  'settings.view': undefined;
  'settings.edit': undefined;
  'shared.edit': undefined;
  'team.edit': InOrganization;
  'role.manage': undefined;
  'role.assign': Holder;
  'alarmType.edit': undefined;
  'user.edit': Holder;
  'user.impersonate': Holder & { id: number; disabled: boolean };
  'oncall.view': undefined;
  'oncall.edit': undefined;
  'organization.list': undefined;
  'organization.viewAll': undefined;
  'organization.create': undefined;
  'organization.edit': InOrganization;
  'location.create': InOrganization;
  'location.createInAnyOrganization': undefined;
  'location.edit': undefined;
  'location.delete': undefined;
  'storage.view': undefined;
  'backup.manage': undefined;
  'report.view': undefined;
  'webhook.view': undefined;
  'webhook.manage': undefined;
  'securityPolicy.view': undefined;
  'securityPolicy.edit': undefined;
  'sso.manage': undefined;
  'apiToken.manage': undefined;
  'supportGrant.manage': undefined;
  'provisioning.manage': undefined;
  'location.list': undefined;
  'place.list': undefined;
  'haccp.correctiveAction': undefined;
  'haccp.signOff': undefined;
};

export type Action = keyof ActionSubjects;

type Has = (...anyOf: Permission[]) => boolean;
type Rule<A extends Action> = (has: Has, actor: Actor, subject: ActionSubjects[A] | undefined) => boolean;

/**
 * The permissions of a list the actor lacks: nobody hands out, reaches or becomes more than they hold.
 * A key the product does not know (left in a role by an older version) grants nothing, so it counts
 * for nobody.
 */
export function permissionsBeyond(actor: Pick<Actor, 'permissions'>, permissions: readonly string[]): string[] {
  const held = actor.permissions;
  const has = (p: string) => ('has' in held ? held.has(p) : held.includes(p));
  return permissions.filter((p) => isPermission(p) && !has(p));
}
const within = (actor: Actor, subject: Holder | undefined) =>
  !subject || permissionsBeyond(actor, subject.permissions).length === 0;

/** Sees every organization: may pick any of them and change what every organization shares. */
const everyOrganization = (has: Has) => has('organization_view_all');
const ownOrAll = (has: Has, actor: Actor, subject: InOrganization | undefined, ...all: Permission[]) =>
  !subject || subject.organizationId === actor.organizationId || has('organization_view_all', ...all);
const notCleared = (subject: { status: AlarmStatus } | undefined) => subject?.status !== 'cleared';

const RULES: { [A in Action]: Rule<A> } = {
  'alarm.view': (has) => has('alarms_view'),
  'alarm.acknowledge': (has, _a, s) =>
    has('alarms_acknowledge') && (!s || (ALARM_TRANSITION_FROM.acknowledge as readonly string[]).includes(s.status)),
  'alarm.clear': (has, _a, s) =>
    has('alarms_clear') && (!s || (ALARM_TRANSITION_FROM.clear as readonly string[]).includes(s.status)),
  'alarm.shelve': (has, _a, s) => has('alarms_acknowledge') && notCleared(s),
  'alarm.annotate': (has) => has('alarms_acknowledge'),
  'controller.list': (has) => has('controllers_view', 'controllers_view_all'),
  // The controller page of the console's route table: those who see their organization's controllers.
  'controller.open': (has) => has('controllers_view'),
  // One controller's page: those who see controllers, and those who authorize or service a pending one.
  'controller.view': (has) =>
    has('controllers_view', 'controllers_view_all', 'controllers_update', 'controller_authorize'),
  // Deleting a controller: decommissioning an authorized one, or rejecting a pending one.
  'controller.remove': (has) => has('controllers_edit', 'controllers_update', 'controller_authorize'),
  'controller.edit': (has) => has('controllers_edit'),
  // To an organization whose controllers the caller sees: every one with controllers_view_all (the
  // controllers scope of auth/scope.ts), otherwise their own.
  'controller.move': (has, a, s) =>
    has('controllers_edit') && (s?.organizationId === a.organizationId || has('controllers_view_all')),
  'controller.maintain': (has) => has('controllers_update'),
  'controller.decommission': (has) => has('controllers_edit'),
  'controller.authorize': (has, a, s) => has('controller_authorize') && ownOrAll(has, a, s),
  // Assigning a pending controller to a place (and issuing its key) is servicing it: to the caller's
  // organization, or any with organization_view_all.
  'controller.assign': (has, a, s) => has('controllers_update') && ownOrAll(has, a, s),
  // A pending controller belongs to nobody yet: those who authorize or service controllers see it.
  'controller.pending.view': (has) => has('controller_authorize', 'controllers_update'),
  'controller.reject': (has) => has('controller_authorize', 'controllers_update'),
  'job.view': (has) => has('jobs_view'),
  'job.create': (has) => has('jobs_create'),
  // Jobs kept by a field-service provider are changed there.
  'job.edit': (has, _a, s) => has('jobs_create') && (!s || s.provider === 'local'),
  'jobCategory.manage': (has) => has('settings_update') && everyOrganization(has),
  'inventory.view': (has) => has('inventory_view'),
  'inventory.edit': (has) => has('inventory_edit'),
  'supplier.manage': (has) => has('inventory_edit') && everyOrganization(has),
  'asset.view': (has) => has('assets_view'),
  'asset.edit': (has) => has('assets_edit'),
  'search.use': (has) => has('search_view'),
  'settings.view': (has) => has('settings_view'),
  'settings.edit': (has) => has('settings_update'),
  'shared.edit': (has) => everyOrganization(has),
  // A team without an organization belongs to every organization.
  'team.edit': (has, _a, s) => has('settings_update') && (s?.organizationId !== null || everyOrganization(has)),
  'role.manage': (has) => has('settings_update') && everyOrganization(has),
  'role.assign': (_h, a, s) => within(a, s),
  'alarmType.edit': (has) => has('settings_update') && everyOrganization(has),
  // Someone holding more than the caller is out of reach: no renaming, moving or disabling them.
  'user.edit': (has, a, s) => has('settings_update') && within(a, s),
  // Nobody gains permissions by impersonating, nor impersonates themselves, a disabled user or from
  // inside an impersonation.
  'user.impersonate': (has, a, s) =>
    has('users_impersonate') && !a.impersonating && (!s || (s.id !== a.id && !s.disabled && within(a, s))),
  'oncall.view': (has) => has('settings_view', 'alarms_view'),
  'oncall.edit': (has) => has('settings_update'),
  'organization.list': (has) => has('organization_view', 'organization_view_all'),
  'organization.viewAll': (has) => everyOrganization(has),
  'organization.create': (has) => has('organization_create'),
  'organization.edit': (has, a, s) => has('organization_edit') && ownOrAll(has, a, s),
  'location.create': (has, a, s) => has('locations_create') && ownOrAll(has, a, s, 'locations_view_all'),
  'location.createInAnyOrganization': (has) =>
    has('locations_create') && has('organization_view_all', 'locations_view_all'),
  'location.edit': (has) => has('locations_edit'),
  'location.delete': (has) => has('locations_edit'),
  'storage.view': (has) => everyOrganization(has),
  // Backups hold every organization's data and every password hash.
  'backup.manage': (has) => has('backups_manage'),
  'report.view': (has) => has('reports_view'),
  'webhook.view': (has) => has('settings_view', 'settings_update'),
  'webhook.manage': (has) => has('settings_update'),
  'securityPolicy.view': (has) => has('settings_view', 'settings_update'),
  'securityPolicy.edit': (has) => has('settings_update'),
  'sso.manage': (has) => has('settings_update'),
  'apiToken.manage': (has) => has('settings_update'),
  // Who reaches the organization from outside it, and for how long: its own administrators decide.
  'supportGrant.manage': (has) => has('settings_update'),
  'provisioning.manage': (has) => has('settings_update'),
  'location.list': (has) => has('locations_view', 'locations_view_all'),
  // An organization's places: those who see its organization, or its locations.
  'place.list': (has) => has('organization_view', 'organization_view_all', 'locations_view', 'locations_view_all'),
  // Those who act on alarms record what was done about an excursion; the responsible person too.
  'haccp.correctiveAction': (has) => has('alarms_acknowledge', 'haccp_sign'),
  // A signature is the signer's own: not given while signed in as someone else.
  'haccp.signOff': (has, a) => has('haccp_sign') && !a.impersonating,
};

/** Every action, for tests and tools that walk them all. */
export const ACTIONS = Object.keys(RULES) as Action[];

/** Whether the actor may take the action (on this subject, when given). Null: nobody signed in. */
export function can<A extends Action>(actor: Actor | null, action: A, subject?: ActionSubjects[A]): boolean {
  if (!actor) return false;
  const held = actor.permissions;
  const has: Has = (...anyOf) => anyOf.some((p) => ('has' in held ? held.has(p) : held.includes(p)));
  return RULES[action](has, actor, subject);
}
