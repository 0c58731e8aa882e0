/**
 * The page's first script, inlined into index.html by the build (scripts/first-screen-plugin.ts) and
 * run while the HTML is parsed, before the app's code has arrived. It starts at once what the first
 * screen will wait for: the code of the current route's page, of the signed-in shell and the strings
 * of the stored language (module preloads) and, signed in, the user, then what the screen reads for
 * that user (early requests the app takes, lib/api-client.ts); the language's number formatting data
 * is loaded meanwhile. Without it (the development server) the app asks for the same in its own time.
 */
import type { AuthUser } from '@rcm/shared/auth';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, normalizeLocale } from '@rcm/shared/locale';
import { firstReadPaths } from '@/app/first-reads.ts';
import { sendEarly } from '@/lib/api-client.ts';
import { PHONE_QUERY } from '@/lib/breakpoints.ts';
import { getItem } from '@/lib/storage.ts';
import { tokens } from '@/lib/tokens.ts';

/** What the build knows of the chunks: the files of each group, by index into `files`. */
export type FirstScreenManifest = {
  files: string[];
  /** The strings every page needs, by locale. */
  strings: Record<string, number[]>;
  /** The strings only signed-in pages use, by locale. */
  appStrings: Record<string, number[]>;
  /** The signed-in shell. */
  shell: number[];
  /** Each route: its name, its path as a regular expression and its page's chunks. */
  pages: [route: string, pattern: string, files: number[]][];
};

declare const __FIRST_SCREEN__: FirstScreenManifest;

function preload(manifest: FirstScreenManifest, indexes: Set<number>, priority: 'high' | 'low' = 'high'): void {
  for (const i of indexes) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.fetchPriority = priority;
    link.crossOrigin = '';
    link.href = manifest.files[i] ?? '';
    document.head.appendChild(link);
  }
}

/**
 * Asks for the user and, once they are known (what the screen shows depends on what they may see), for
 * what the route's first screen reads. Nothing of it is reported here: the app's own calls take the
 * answers, failures included, or ask again.
 */
function readEarly(route: string | undefined, locale: string): void {
  sendEarly('auth/user')
    ?.then(async (res) => {
      if (!res.ok) return;
      const { data: user } = (await res.clone().json()) as { data: AuthUser };
      // The app switches to the user's language before it asks: reads in another would not be taken.
      if (user.language.locale !== locale) return;
      const phone = window.matchMedia(PHONE_QUERY).matches;
      for (const path of firstReadPaths(route, window.location.search, user, phone)) sendEarly(path, 'low');
    })
    .catch(() => undefined);
}

function startFirstScreen(manifest: FirstScreenManifest): void {
  const locale = normalizeLocale(getItem(LOCALE_STORAGE_KEY));
  // The entry waits for the language's strings before its first render: asked for at once.
  preload(manifest, new Set(manifest.strings[locale]));
  if (tokens.current()) {
    const page = manifest.pages.find(([, pattern]) => new RegExp(pattern).test(window.location.pathname));
    readEarly(page?.[0], locale);
    const wanted = new Set(manifest.shell);
    // The signed-in pages load their strings in the stored language and in the default one.
    for (const l of new Set([locale, DEFAULT_LOCALE])) for (const i of manifest.appStrings[l] ?? []) wanted.add(i);
    for (const i of page?.[2] ?? []) wanted.add(i);
    // At a low priority: the entry's code, the strings and the reads go first, these take what is left.
    preload(manifest, wanted, 'low');
  }
  // A page's first number formatter loads the language's ICU data: tens of milliseconds on a phone,
  // spent here in a task of its own while the network brings the code, not in the first render.
  setTimeout(() => new Intl.NumberFormat(locale).format(0), 0);
}

startFirstScreen(__FIRST_SCREEN__);
