import { britishSpellings } from '@rcm/shared/us-spelling';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { enUSApp } from './en-US-app.ts';
import { esMX } from './es-MX.ts';
import { esMXApp } from './es-MX-app.ts';

type Tree = { [key: string]: string | string[] | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) out.set(`${path}.${i}`, v);
    } else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const en = leaves({ ...enUS, ...enUSApp } as Tree);
const es = leaves({ ...esMX, ...esMXApp } as Tree);

describe('catalogs', () => {
  it('have the same keys in en-US and es-MX', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...en, ...es]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of en) expect(vars(es.get(key) ?? ''), key).toEqual(vars(value));
  });

  it('are translated, not copied: only names and codes may read the same', () => {
    const allowedSame = new Set([
      'settings.sections.roles',
      // "SMS" is SMS in Spanish too.
      'channels.type.sms',
      'controllers.no',
      'controllers.rack',
      'controllers.tabRack',
      'inventory.types.sensor',
      'assets.types.rack',
      'jobs.historyEntry',
      'jobs.providerLocal',
      'jobs.providerZuper',
      'settings.jobCategories.sources.zuper',
      'reports.uri.total',
      'reports.manual.rack',
      'refrigerant.rack',
      'refrigerant.rackName',
      'refrigerant.no',
      'refrigerant.co2eValue',
      'refrigerant.none',
      'audit.fields.color',
      'settings.roles.color',
      'audit.fields.rack_ref',
      'audit.fields.rack',
      'audit.no',
      'audit.value',
      'audit.unknownAction',
      'alarmMgmt.scopeRack',
      'alarmMgmt.weekly',
      'alarmMgmt.once',
      'alarmMgmt.report.hoursValue',
      'alarmMgmt.report.colTop10',
      // Channel names Spanish uses as they are.
      'oncall.channels.sms',
      'oncall.channels.webhook',
      // Product names, and "webhook" and "error", which Spanish uses as they are.
      'settings.sections.webhooks',
      'settings.webhooks.table',
      'settings.webhooks.kinds.slack',
      'settings.webhooks.kinds.teams',
      'settings.webhooks.error',
      // "Bus" (a Modbus line) is bus in Spanish too; a count with its size, milliseconds.
      'gateways.bus',
      'gateways.buses',
      'gateways.outboxDepthValue',
      'gateways.lastCycleValue',
    ]);
    const same = [...en].filter(([key, value]) => es.get(key) === value && !allowedSame.has(key)).map(([k]) => k);
    expect(same).toEqual([]);
  });

  it('are written in US English (route paths and API names aside)', () => {
    const british = [...en].flatMap(([key, value]) => britishSpellings(value).map((word) => `${key}: ${word}`));
    expect(british).toEqual([]);
  });

  it('quote the spec’s labels exactly', () => {
    expect(en.get('errors.notFoundTitle')).toBe('Not Found');
    expect(en.get('errors.notFoundBody')).toBe('Sorry, the page you have requested could not be found.');
    expect(en.get('pending.title')).toBe('Controllers Pending Authorization');
    expect(en.get('pending.emptyTitle')).toBe('All Done!');
    // The spec's 'authorise' is written in US spelling, as all English text is.
    expect(en.get('pending.emptyBody')).toBe('There are no controllers left to authorize.');
    expect(en.get('pending.status')).toBe('Pending Authorization');
    expect(en.get('userMenu.accountHint')).toBe('Update Your Account Settings');
    expect(en.get('userMenu.settingsHint')).toBe('Modify System Settings');
    expect(en.get('userMenu.legalHint')).toBe('Terms & Privacy Policy');
  });
});
