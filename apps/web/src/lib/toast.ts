import type { ReactNode } from 'react';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<Sonner> | undefined;
/** sonner's code: a chunk of its own, which no first screen waits for. */
export const loadSonner = (): Promise<Sonner> => {
  sonner ??= import('sonner').catch((err) => {
    sonner = undefined;
    throw err;
  });
  return sonner;
};

let shown = false;
const waiting: Array<() => void> = [];
const whenShown = (): Promise<void> => (shown ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)));

const wanted = new Set<() => void>();

/**
 * Called by the shell's toaster when it comes on screen and when it goes (signing out): a toast sent
 * while no toaster listens would be lost, so it waits for the next one.
 */
export function toasterShown(isShown: boolean): void {
  shown = isShown;
  if (isShown) for (const resolve of waiting.splice(0)) resolve();
}

/**
 * Calls `listener` when a toast is sent: the shell then shows its toaster at once, not when idle. When
 * the shell goes (signing out), toasts still waiting for its toaster go too: none is shown to whoever
 * signs in next.
 */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => {
    wanted.delete(listener);
    if (wanted.size === 0) waiting.length = 0;
  };
}

const send = (kind: Kind) => (message: ReactNode) => {
  // Outside the signed-in shell there is no toaster to show it.
  if (wanted.size === 0) return;
  for (const listener of wanted) listener();
  void Promise.all([loadSonner(), whenShown()]).then(([m]) => m.toast[kind](message));
};

/**
 * The console's toasts (sonner's, bottom right, 3 s), sent from anywhere in the signed-in pages. The
 * first one loads sonner if the page has not yet.
 */
export const toast = { success: send('success'), error: send('error'), info: send('info'), warning: send('warning') };
