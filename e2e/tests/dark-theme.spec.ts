import type { Locator } from '@playwright/test';
import { DEMO, expect, test } from '../support/fixtures.ts';

/** The relative luminance (0 black, 1 white) of a computed CSS color, in whatever syntax (oklch, rgb, hex). */
async function luminance(locator: Locator, property: string): Promise<number> {
  return locator.evaluate((el, p) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = getComputedStyle(el).getPropertyValue(p);
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  }, property);
}

test.use({ colorScheme: 'dark' });

test('the notes editor is dark in the dark theme: surface, text and toolbar icons', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const alarm = (await (await apiAs(DEMO.admin)).get<{ data: { ref: number }[] }>('alarms?per_page=1')).data[0];
  await loginAs(DEMO.admin);
  await page.goto(`/alarms/${alarm?.ref}/view`);
  const editor = page.getByRole('textbox', { name: 'Notes' });
  await expect(editor).toBeVisible();
  const surface = page.locator('.rich-text').first();
  expect(await luminance(surface, 'background-color')).toBeLessThan(0.2);
  expect(await luminance(surface, 'color')).toBeGreaterThan(0.8);
  const icon = page.locator('.rich-text .ql-toolbar .ql-stroke').first();
  expect(await luminance(icon, 'stroke')).toBeGreaterThan(0.7);
});

test('the stat tiles keep their colored edge in the dark theme', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Alarm summary' });
  const active = tiles.getByRole('button', { name: /^Active\s*\d/ });
  await expect(active).toBeVisible();
  const [left, top] = await active.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.borderLeftColor, s.borderTopColor];
  });
  // The edge is the status's color, not the gray of the other sides.
  expect(left).not.toBe(top);
});
