import type { AuthUser } from '@rcm/shared/auth';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/users.ts';
import { userCan } from './user-can.ts';

const user = (over: Partial<AuthUser> = {}): AuthUser =>
  testUser({
    permissions: [
      'organization_edit',
      'locations_create',
      'settings_update',
      'users_impersonate',
      'alarms_acknowledge',
    ],
    ...over,
  });

describe('userCan: the shared policies over the signed-in user', () => {
  it('nobody signed in may do anything', () => {
    expect(userCan(null, 'alarm.view')).toBe(false);
  });

  it('places the user in their organization: their own, not another one', () => {
    expect(userCan(user(), 'organization.edit', { organizationId: 1 })).toBe(true);
    expect(userCan(user(), 'organization.edit', { organizationId: 2 })).toBe(false);
    expect(userCan(user(), 'location.createInAnyOrganization')).toBe(false);
    const placer = user({ permissions: ['locations_create', 'locations_view_all'] });
    expect(userCan(placer, 'location.createInAnyOrganization')).toBe(true);
  });

  it('offers an alarm action only where its status allows it', () => {
    expect(userCan(user(), 'alarm.acknowledge', { status: 'active' })).toBe(true);
    expect(userCan(user(), 'alarm.acknowledge', { status: 'acknowledged' })).toBe(false);
    expect(userCan(user(), 'alarm.shelve', { status: 'cleared' })).toBe(false);
  });

  it('offers edit and "sign in as" only for users within the caller\'s permissions, never from an impersonation', () => {
    const viewer = { id: 11, disabled: false, permissions: ['alarms_view'] };
    expect(userCan(user(), 'user.edit', viewer)).toBe(false);
    const within = { ...viewer, permissions: ['alarms_acknowledge'] };
    expect(userCan(user(), 'user.edit', within)).toBe(true);
    expect(userCan(user(), 'user.impersonate', within)).toBe(true);
    expect(userCan(user(), 'user.impersonate', { ...within, id: 10 })).toBe(false);
    expect(userCan(user({ impersonating: true }), 'user.impersonate', within)).toBe(false);
  });
});
