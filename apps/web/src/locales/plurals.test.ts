import type { i18n as I18n } from 'i18next';
import { beforeAll, expect, it } from 'vitest';
import { catalogsI18n } from '../test/catalogs.ts';

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
