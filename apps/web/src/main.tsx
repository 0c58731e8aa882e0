import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadShell } from '@/app/root-layout.tsx';
import { appRouter, preloadCurrentPage } from '@/app/router.tsx';
import { dropEarly } from '@/lib/api-client.ts';
import { authStore, initAuth } from '@/lib/auth-store.ts';
import { watchLostFocus } from '@/lib/focus.ts';
import { initI18n, prefetchAppStrings, setLocale } from '@/lib/i18n.ts';
import { nextTask } from '@/lib/idle.ts';
import { prepareFormatters } from '@/lib/intl.ts';
import { clearCacheOnIdentityChange, queryClient } from '@/lib/query-client.ts';
import { initTheme } from '@/lib/theme.ts';
import { tokens } from '@/lib/tokens.ts';
import './index.css';

/** How long the first render waits for the first route to load (below). */
const FIRST_RENDER_WAIT_MS = 3000;

initTheme();
// The modules' own code has run in this task; the start goes on in tasks of its own (the language
// and the session, then the router), so no one task holds a phone's main thread for long.
await nextTask();
// The stored language's catalog arrives before the first render, so no key ever shows untranslated.
// A returning user's page needs more than that, and each part is asked for now, side by side, instead
// of one after the other: the user (`/api/auth/user`), the signed-in pages' strings, the shell and the
// page's own code (so the first screen is not a chain of round trips).
const i18nReady = initI18n();
// The locale follows the stored value on load, then the user's language once signed in.
authStore.onUser((user) => {
  if (user) void i18nReady.then(() => setLocale(user.language.locale));
});
clearCacheOnIdentityChange();
initAuth();
await nextTask();
const router = appRouter();
if (tokens.current()) {
  prefetchAppStrings();
  preloadShell();
  preloadCurrentPage(router);
}
watchLostFocus();
const i18n = await i18nReady;
// In the idle moments while the first page's code and data arrive, in each language it takes.
setTimeout(() => prepareFormatters(i18n.language), 0);
i18n.on('languageChanged', (locale) => setTimeout(() => prepareFormatters(locale), 0));

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // The first route loads before the first render (its guard, code and data), so that render draws the
  // page whole; as a transition, React yields to the browser every few milliseconds instead of drawing
  // it in one long task. A route still loading after FIRST_RENDER_WAIT_MS (a server restarting, a
  // slow network) renders its loading state meanwhile rather than leave the page blank.
  await Promise.race([
    // Its loaders have made their calls by then: what they did not take early is not for a later page.
    router
      .load()
      .catch(() => undefined)
      .finally(dropEarly),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
