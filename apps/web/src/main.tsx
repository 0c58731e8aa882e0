import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './app/router.tsx';
import { authStore, initAuth } from './lib/auth-store.ts';
import { watchLostFocus } from './lib/focus.ts';
import { initI18n, setLocale } from './lib/i18n.ts';
import { clearCacheOnIdentityChange, queryClient } from './lib/query-client.ts';
import { initTheme } from './lib/theme.ts';
import './index.css';

initTheme();
// The stored language's catalog arrives before the first render, so no key ever shows untranslated.
await initI18n();
// The locale follows the stored value on load, then the user's language once signed in.
authStore.onUser((user) => {
  if (user) void setLocale(user.language.locale);
});
clearCacheOnIdentityChange();
initAuth();
watchLostFocus();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
