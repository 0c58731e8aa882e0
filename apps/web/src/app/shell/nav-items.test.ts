import { describe, expect, it } from 'vitest';
import { readableTextOn } from '@/components/ui/role-badge.tsx';
import { testUser } from '@/test/users.ts';
import { navItems } from './nav-items.ts';

const user = (permissions: string[]) =>
  testUser({ id: 7, organisation: { id: 42, name: 'FreshMart Foods' }, permissions });

const t = (key: string) => key.replace('nav.', '');

describe('navItems', () => {
  it('shows only the dashboard to a user without permissions', () => {
    expect(navItems(user([]), t).map((i) => i.label)).toEqual(['dashboard']);
  });

  it('labels the organizations entry with the own organization without organization_view_all', () => {
    const items = navItems(user(['organization_view', 'inventory_view']), t);
    expect(items.map((i) => [i.label, i.to])).toEqual([
      ['dashboard', '/'],
      ['FreshMart Foods', '/organizations/42/view'],
      ['inventory', '/inventory'],
    ]);
  });

  it('keeps the spec order for a user who may open everything', () => {
    const all = [
      'organization_view_all',
      'locations_view_all',
      'controllers_view_all',
      'jobs_view',
      'assets_view',
      'inventory_view',
      'reports_view',
    ];
    expect(navItems(user(all), t).map((i) => i.label)).toEqual([
      'dashboard',
      'organizations',
      'locations',
      'controllers',
      'jobs',
      'assets',
      'inventory',
      'reports',
    ]);
  });
});

describe('readableTextOn', () => {
  it('picks the text colour with the higher contrast', () => {
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#6d28d9')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#000000');
    expect(readableTextOn('#15803d')).toBe('#ffffff');
  });
});
