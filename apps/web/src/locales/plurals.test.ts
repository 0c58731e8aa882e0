import type { i18n as I18n } from 'i18next';
import { beforeAll, expect, it } from 'vitest';
import { catalogsI18n } from '@/test/catalogs.ts';
import { enUS } from './en-US.ts';
import { enUSApp } from './en-US-app.ts';
import { esMX } from './es-MX.ts';
import { esMXApp } from './es-MX-app.ts';

// Counts read as people say them, through i18next's plural forms (a count of 0 has its own wording).
let i18n: I18n;
beforeAll(async () => {
  i18n = await catalogsI18n();
});

it('a controller without open alarms is not said to have "0 open alarms" cleared', () => {
  for (const lng of ['en-US', 'es-MX']) {
    const t = i18n.getFixedT(lng);
    expect(t('controllers.decommissionBody', { count: 0 })).not.toMatch(/\b0\b/);
    expect(t('controllers.decommissionBody', { count: 1 })).not.toMatch(/open alarms|alarmas abiertas/);
    expect(t('controllers.decommissionBody', { count: 3 })).toMatch(/\b3\b/);
  }
  expect(i18n.getFixedT('en-US')('controllers.decommissionBody', { count: 0 })).toContain('It has no open alarms.');
});

it('the pager counts pages, not results', () => {
  expect(i18n.getFixedT('en-US')('common.pagination', { page: 1, pages: 31 })).toBe('Page 1 of 31');
  expect(i18n.getFixedT('es-MX')('common.pagination', { page: 1, pages: 31 })).toBe('Página 1 de 31');
});

it('every string that says a count is a plural, in both languages (no "1 values")', () => {
  const catalogs = { 'en-US': { ...enUS, ...enUSApp }, 'es-MX': { ...esMX, ...esMXApp } };
  // A count that is a bound or a number alone, not a quantity of things.
  const numbers = new Set(['validation.minNumber', 'validation.maxNumber', 'refrigerant.report.alarmOpen']);
  const singular: string[] = [];
  const walk = (lng: string, node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (node.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(path) && !numbers.has(path))
        singular.push(`${lng} ${path}`);
      return;
    }
    if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(lng, v, path ? `${path}.${k}` : k);
  };
  for (const [lng, catalog] of Object.entries(catalogs)) walk(lng, catalog, '');
  expect(singular).toEqual([]);
  const t = i18n.getFixedT('en-US');
  expect(t('alarmView.chartSummary', { count: 1, min: '3', max: '3' })).toBe('1 value: 3');
  expect(i18n.getFixedT('es-MX')('alarmView.chartSummary', { count: 1, min: '3', max: '3' })).toBe('1 valor: 3');
  expect(t('alarmView.chartSummary', { count: 2, min: '3', max: '4' })).toBe('2 values from 3 to 4');
});
