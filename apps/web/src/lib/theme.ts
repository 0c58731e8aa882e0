import { useSyncExternalStore } from 'react';
import { getItem, STORAGE_KEYS, setItem } from './storage.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  const value = getItem(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

function apply(): void {
  const choice = stored();
  const dark = choice === 'dark' || (choice === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** Light and dark themes: follows the system until the user picks one in the user menu. */
export function initTheme(): void {
  apply();
  media().addEventListener('change', apply);
}

export function setTheme(choice: ThemeChoice): void {
  setItem(STORAGE_KEYS.theme, choice);
  apply();
  for (const l of listeners) l();
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    stored,
    stored,
  );
}
