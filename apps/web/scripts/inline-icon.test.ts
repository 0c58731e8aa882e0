import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_SOURCE, svgDataUrl } from './inline-icon.ts';

describe('the inlined page icon', () => {
  it('is the logo, percent-encoded where a URL needs it', () => {
    const svg = readFileSync(path.resolve(import.meta.dirname, `..${ICON_SOURCE}`), 'utf8');
    const url = svgDataUrl(svg);
    expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    // Nothing that would end the attribute, start a fragment or an entity, or break the URL.
    expect(url).not.toMatch(/[<>#"'&]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg.trim().replace(/\s+/g, ' '));
  });

  it("keeps both kinds of quote and an entity's ampersand", () => {
    const svg = `<svg title="a 'b' &amp; c"/>`;
    expect(decodeURIComponent(svgDataUrl(svg).slice('data:image/svg+xml,'.length))).toBe(svg);
  });
});
