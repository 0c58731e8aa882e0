import { DEMO, expect, test } from '../support/fixtures.ts';

/**
 * What a person reads is words and dates in their language, not the codes the console stores: no
 * snake_case enum (`manual_on`, `oil_pressure`), no ISO date (`2027-03-01`), no "N/A" for a missing name.
 */
const RAW = [/\b[a-z]+_[a-z0-9_]+\b/, /\b\d{4}-\d{2}-\d{2}\b/, /\bN\/[AD]\b/];

async function rawIn(page: import('@playwright/test').Page): Promise<string[]> {
  const text = await page.getByRole('main').innerText();
  return RAW.flatMap((re) => text.match(new RegExp(re, 'g')) ?? []);
}

const PAGES: { path: string; ready: RegExp }[] = [
  { path: '/controllers', ready: /([0-9a-f]{2}:){5}[0-9a-f]{2}/ },
  { path: '/controllers/1/view', ready: /Warranty expiry|Vencimiento de garantía/ },
  { path: '/assets', ready: /Serial|N\.º de serie/ },
  { path: '/reports/alarm_management', ready: /Point|Punto/ },
  { path: '/reports/rack_manually_on', ready: /Rack/ },
];

for (const who of [DEMO.admin, DEMO.manager]) {
  test(`no raw codes, ISO dates or N/A on the pages that showed them (${who})`, async ({ page, loginAs }) => {
    await loginAs(who);
    const paths = who === DEMO.admin ? [...PAGES, { path: '/settings/alarm-types', ready: /Watches/ }] : PAGES;
    for (const p of paths) {
      await page.goto(p.path);
      await expect(page.getByRole('main')).toContainText(p.ready);
      await expect(page.getByText(/Loading|Cargando/)).toHaveCount(0);
      expect(await rawIn(page), p.path).toEqual([]);
    }
  });
}
