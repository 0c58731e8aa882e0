import { PERMISSIONS } from '@rcm/shared/permissions';
import { ACTIONS, type Action, type ActionSubjects, type Actor, can } from '@rcm/shared/policies';
import { describe, expect, it } from 'vitest';
import { MANAGER_PERMISSIONS, TECHNICIAN_PERMISSIONS, VIEWER_PERMISSIONS } from '../setup/standard-roles.ts';

/** The roles first-run setup makes, each held by a user of organization 1, and a Manager of organization 2. */
const actor = (id: number, organizationId: number, permissions: readonly string[]): Actor => ({
  id,
  organizationId,
  permissions: new Set(permissions),
  impersonating: false,
});
const ROLES = {
  administrator: actor(1, 1, PERMISSIONS),
  manager: actor(2, 1, MANAGER_PERMISSIONS),
  technician: actor(3, 1, TECHNICIAN_PERMISSIONS),
  viewer: actor(4, 1, VIEWER_PERMISSIONS),
  otherOrganization: actor(5, 2, MANAGER_PERMISSIONS),
};
type Role = keyof typeof ROLES;
const ORDER: readonly Role[] = ['administrator', 'manager', 'technician', 'viewer', 'otherOrganization'];

/**
 * Every action, asked about a subject of organization 1 where it takes one, and who may take it:
 * [administrator, manager, technician, viewer, another organization's manager]. Written out by hand
 * from the roles (setup/standard-roles.ts), not computed from the rules it checks.
 */
const TABLE: { [A in Action]: [ActionSubjects[A] | undefined, [0 | 1, 0 | 1, 0 | 1, 0 | 1, 0 | 1]] } = {
  'alarm.view': [undefined, [1, 1, 1, 1, 1]],
  'alarm.acknowledge': [{ status: 'active' }, [1, 1, 1, 0, 1]],
  'alarm.clear': [{ status: 'acknowledged' }, [1, 1, 1, 0, 1]],
  'alarm.shelve': [{ status: 'active' }, [1, 1, 1, 0, 1]],
  'alarm.annotate': [undefined, [1, 1, 1, 0, 1]],
  'controller.list': [undefined, [1, 1, 1, 1, 1]],
  'controller.open': [undefined, [1, 1, 1, 1, 1]],
  'controller.view': [undefined, [1, 1, 1, 1, 1]],
  'controller.remove': [undefined, [1, 1, 1, 0, 1]],
  'controller.edit': [undefined, [1, 1, 1, 0, 1]],
  'controller.move': [{ organizationId: 3 }, [1, 0, 1, 0, 0]],
  'controller.maintain': [undefined, [1, 0, 1, 0, 0]],
  'controller.decommission': [undefined, [1, 1, 1, 0, 1]],
  'controller.authorize': [{ organizationId: 1 }, [1, 0, 1, 0, 0]],
  'controller.assign': [{ organizationId: 1 }, [1, 0, 1, 0, 0]],
  'controller.pending.view': [undefined, [1, 0, 1, 0, 0]],
  'controller.reject': [undefined, [1, 0, 1, 0, 0]],
  'job.view': [undefined, [1, 1, 1, 0, 1]],
  'job.create': [undefined, [1, 1, 1, 0, 1]],
  'job.edit': [{ provider: 'local' }, [1, 1, 1, 0, 1]],
  'jobCategory.manage': [undefined, [1, 0, 0, 0, 0]],
  'inventory.view': [undefined, [1, 0, 1, 0, 0]],
  'inventory.edit': [undefined, [1, 0, 1, 0, 0]],
  'supplier.manage': [undefined, [1, 0, 1, 0, 0]],
  'asset.view': [undefined, [1, 1, 1, 0, 1]],
  'asset.edit': [undefined, [1, 0, 1, 0, 0]],
  'search.use': [undefined, [1, 1, 1, 1, 1]],
  'settings.view': [undefined, [1, 0, 0, 0, 0]],
  'settings.edit': [undefined, [1, 0, 0, 0, 0]],
  'shared.edit': [undefined, [1, 0, 1, 0, 0]],
  'team.edit': [{ organizationId: null }, [1, 0, 0, 0, 0]],
  'role.manage': [undefined, [1, 0, 0, 0, 0]],
  'role.assign': [{ permissions: TECHNICIAN_PERMISSIONS }, [1, 0, 1, 0, 0]],
  'alarmType.edit': [undefined, [1, 0, 0, 0, 0]],
  'user.edit': [{ permissions: VIEWER_PERMISSIONS }, [1, 0, 0, 0, 0]],
  'user.impersonate': [{ id: 9, disabled: false, permissions: VIEWER_PERMISSIONS }, [1, 0, 0, 0, 0]],
  'oncall.view': [undefined, [1, 1, 1, 1, 1]],
  'oncall.edit': [undefined, [1, 0, 0, 0, 0]],
  'organization.list': [undefined, [1, 1, 1, 1, 1]],
  'organization.viewAll': [undefined, [1, 0, 1, 0, 0]],
  'organization.create': [undefined, [1, 0, 0, 0, 0]],
  'organization.edit': [{ organizationId: 1 }, [1, 1, 0, 0, 0]],
  'location.create': [{ organizationId: 1 }, [1, 1, 0, 0, 0]],
  'location.createInAnyOrganization': [undefined, [1, 0, 0, 0, 0]],
  'location.edit': [undefined, [1, 1, 0, 0, 1]],
  'location.delete': [undefined, [1, 1, 0, 0, 1]],
  'storage.view': [undefined, [1, 0, 1, 0, 0]],
  'backup.manage': [undefined, [1, 0, 0, 0, 0]],
  'report.view': [undefined, [1, 1, 1, 0, 1]],
  'webhook.view': [undefined, [1, 0, 0, 0, 0]],
  'webhook.manage': [undefined, [1, 0, 0, 0, 0]],
  'securityPolicy.view': [undefined, [1, 0, 0, 0, 0]],
  'securityPolicy.edit': [undefined, [1, 0, 0, 0, 0]],
  'sso.manage': [undefined, [1, 0, 0, 0, 0]],
  'apiToken.manage': [undefined, [1, 0, 0, 0, 0]],
  'supportGrant.manage': [undefined, [1, 0, 0, 0, 0]],
  'provisioning.manage': [undefined, [1, 0, 0, 0, 0]],
  'location.list': [undefined, [1, 1, 1, 1, 1]],
  'place.list': [undefined, [1, 1, 1, 1, 1]],
  'haccp.correctiveAction': [undefined, [1, 1, 1, 0, 1]],
  'haccp.signOff': [undefined, [1, 1, 0, 0, 1]],
};

describe('can: every action × every seeded role', () => {
  it('the table names every action', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    it(action, () => {
      const [subject, expected] = TABLE[action];
      const got = ORDER.map((role) => (can(ROLES[role], action, subject as never) ? 1 : 0));
      expect(Object.fromEntries(ORDER.map((r, i) => [r, got[i]]))).toEqual(
        Object.fromEntries(ORDER.map((r, i) => [r, expected[i]])),
      );
    });
  }
});

describe('can: rules that depend on the subject', () => {
  const { administrator, manager, technician, otherOrganization } = ROLES;

  it('nobody signed in may do anything', () => {
    for (const action of ACTIONS) expect(can(null, action), action).toBe(false);
  });

  it('reads the permissions as a set (server) or a list (web) alike', () => {
    const listed = { ...manager, permissions: [...MANAGER_PERMISSIONS] };
    for (const action of ACTIONS) expect(can(listed, action), action).toBe(can(manager, action));
  });

  it('alarms: acknowledge only an active one, clear or shelve any but a cleared one', () => {
    expect(can(manager, 'alarm.acknowledge', { status: 'acknowledged' })).toBe(false);
    expect(can(manager, 'alarm.acknowledge', { status: 'cleared' })).toBe(false);
    expect(can(manager, 'alarm.clear', { status: 'active' })).toBe(true);
    expect(can(manager, 'alarm.clear', { status: 'cleared' })).toBe(false);
    expect(can(manager, 'alarm.shelve', { status: 'acknowledged' })).toBe(true);
    expect(can(manager, 'alarm.shelve', { status: 'cleared' })).toBe(false);
  });

  it('teams: one of an organization by any settings editor, a shared one only by those who see every organization', () => {
    const editor = actor(7, 1, ['settings_update']);
    expect(can(editor, 'team.edit', { organizationId: 1 })).toBe(true);
    expect(can(editor, 'team.edit', { organizationId: null })).toBe(false);
    expect(
      can({ ...editor, permissions: ['settings_update', 'organization_view_all'] }, 'team.edit', {
        organizationId: null,
      }),
    ).toBe(true);
  });

  it('jobs kept by a field-service provider are not edited here', () => {
    expect(can(manager, 'job.edit', { provider: 'zuper' })).toBe(false);
  });

  it('another organization: changed only by those who see every organization', () => {
    expect(can(manager, 'organization.edit', { organizationId: 2 })).toBe(false);
    expect(can(otherOrganization, 'organization.edit', { organizationId: 2 })).toBe(true);
    expect(can(administrator, 'organization.edit', { organizationId: 2 })).toBe(true);
    expect(can(manager, 'location.create', { organizationId: 2 })).toBe(false);
    expect(can(technician, 'controller.authorize', { organizationId: 2 })).toBe(true);
    // Without a subject: whether the permission allows the action at all (a service's 403 before 404).
    expect(can(manager, 'organization.edit')).toBe(true);
  });

  it('controllers move to an organization whose controllers the caller sees', () => {
    expect(can(manager, 'controller.move', { organizationId: 1 })).toBe(true);
    const orgWide = actor(6, 1, ['controllers_edit', 'controllers_view', 'organization_view_all']);
    expect(can(orgWide, 'controller.move', { organizationId: 2 })).toBe(false);
  });

  it('locations anywhere: locations_view_all counts like organization_view_all', () => {
    const placer = actor(6, 1, ['locations_create', 'locations_view_all']);
    expect(can(placer, 'location.create', { organizationId: 2 })).toBe(true);
    expect(can(placer, 'location.createInAnyOrganization')).toBe(true);
  });

  it('nobody reaches, hands out or becomes more than they hold', () => {
    const editor = actor(7, 1, [...MANAGER_PERMISSIONS, 'settings_update', 'users_impersonate']);
    expect(can(editor, 'user.edit', { permissions: MANAGER_PERMISSIONS })).toBe(true);
    expect(can(editor, 'user.edit', { permissions: TECHNICIAN_PERMISSIONS })).toBe(false);
    expect(can(editor, 'role.assign', { permissions: TECHNICIAN_PERMISSIONS })).toBe(false);
    // A key the product does not know grants nothing, so it puts nobody out of reach.
    expect(can(editor, 'role.assign', { permissions: ['organization_view', 'retired_key'] })).toBe(true);
    const target = { id: 8, disabled: false, permissions: VIEWER_PERMISSIONS };
    expect(can(editor, 'user.impersonate', target)).toBe(true);
    expect(can(editor, 'user.impersonate', { ...target, permissions: TECHNICIAN_PERMISSIONS })).toBe(false);
    expect(can(editor, 'user.impersonate', { ...target, disabled: true })).toBe(false);
    expect(can(editor, 'user.impersonate', { ...target, id: editor.id })).toBe(false);
    expect(can({ ...editor, impersonating: true }, 'user.impersonate', target)).toBe(false);
    expect(can({ ...editor, impersonating: true }, 'user.impersonate')).toBe(false);
  });
});
