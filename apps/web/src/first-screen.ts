/**
 * The page's first script, inlined into index.html by the build (scripts/first-screen-plugin.ts) and
 * run while the HTML is parsed, before the app's code has arrived. It starts at once what the first
 * screen will wait for: the code of the current route's page, of the signed-in shell and the strings
 * of the stored language (module preloads), and, signed in, the user (an early request the app takes,
 * lib/api-client.ts); the language's number formatting data is loaded meanwhile. Without it (the
 * development server) the app asks for the same in its own time.
 */
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, normalizeLocale } from '@rcm/shared/locale';
import { sendEarly } from './lib/api-client.ts';
import { getItem } from './lib/storage.ts';
import { tokens } from './lib/tokens.ts';

/** What the build knows of the chunks: the files of each group, by index into `files`. */
export type FirstScreenManifest = {
  files: string[];
  /** The strings every page needs, by locale. */
  strings: Record<string, number[]>;
  /** The strings only signed-in pages use, by locale. */
  appStrings: Record<string, number[]>;
  /** The signed-in shell. */
  shell: number[];
  /** Each route's page: its path as a regular expression and its chunks. */
  pages: [pattern: string, files: number[]][];
};

declare const __FIRST_SCREEN__: FirstScreenManifest;

function preload(manifest: FirstScreenManifest, indexes: Set<number>): void {
  for (const i of indexes) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = manifest.files[i] ?? '';
    document.head.appendChild(link);
  }
}

/**
 * Calls back once the chunks the HTML preloads itself (the entry's) have downloaded, or failed to: the
 * entry must run before anything of the page can, and chunks asked for alongside it only share the
 * network with it.
 */
function afterEntry(then: () => void): void {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].filter(
    (link) => performance.getEntriesByName(link.href).length === 0,
  );
  let left = pending.length;
  if (left === 0) {
    then();
    return;
  }
  const settled = () => {
    left -= 1;
    if (left === 0) then();
  };
  for (const link of pending) {
    link.addEventListener('load', settled, { once: true });
    link.addEventListener('error', settled, { once: true });
  }
}

function startFirstScreen(manifest: FirstScreenManifest): void {
  const locale = normalizeLocale(getItem(LOCALE_STORAGE_KEY));
  // The entry waits for the language's strings before its first render: asked for at once.
  preload(manifest, new Set(manifest.strings[locale]));
  if (tokens.current()) {
    sendEarly('auth/user');
    const wanted = new Set(manifest.shell);
    // The signed-in pages load their strings in the stored language and in the default one.
    for (const l of new Set([locale, DEFAULT_LOCALE])) for (const i of manifest.appStrings[l] ?? []) wanted.add(i);
    const page = manifest.pages.find(([pattern]) => new RegExp(pattern).test(window.location.pathname));
    for (const i of page?.[1] ?? []) wanted.add(i);
    afterEntry(() => preload(manifest, wanted));
  }
  // A page's first number formatter loads the language's ICU data: tens of milliseconds on a phone,
  // spent here in a task of its own while the network brings the code, not in the first render.
  setTimeout(() => new Intl.NumberFormat(locale).format(0), 0);
}

startFirstScreen(__FIRST_SCREEN__);
