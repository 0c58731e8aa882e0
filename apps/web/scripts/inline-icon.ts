/**
 * A Vite plugin that writes the page's icon (src/assets/logo.svg, linked from index.html) into the
 * built HTML as a data URL: no request for it at the start of a page load, when a phone's six
 * connections are wanted for the code. The app's own images of the logo import the same file, which
 * Vite inlines too (under `build.assetsInlineLimit`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const ICON_SOURCE = '/src/assets/logo.svg';

/** An SVG as a data URL, percent-encoded where a URL or an HTML attribute needs it (smaller than base64). */
export function svgDataUrl(svg: string): string {
  const encoded = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\r\n%#()<>?[\\\]^`{|}"'&]/g, encodeURIComponent);
  return `data:image/svg+xml,${encoded}`;
}

export function inlineIcon(): Plugin {
  return {
    name: 'rcm-inline-icon',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const svg = readFileSync(path.resolve(import.meta.dirname, `..${ICON_SOURCE}`), 'utf8');
        if (!html.includes(`href="${ICON_SOURCE}"`)) throw new Error(`inline icon: index.html links no ${ICON_SOURCE}`);
        return html.replace(`href="${ICON_SOURCE}"`, () => `href="${svgDataUrl(svg)}"`);
      },
    },
  };
}
