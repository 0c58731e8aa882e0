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

const wanted = new Set<() => void>();

/**
 * Calls `listener` when a toast is sent: the shell then shows its toaster at once, not when idle (sonner
 * hands a toaster the toasts sent before it came). When the shell goes (signing out), its toasts are
 * dismissed: none is shown to whoever signs in next.
 */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => {
    wanted.delete(listener);
    if (wanted.size === 0) void sonner?.then((m) => m.toast.dismiss());
  };
}

const send = (kind: Kind) => (message: ReactNode) => {
  // Outside the signed-in shell there is no toaster to show it.
  if (wanted.size === 0) return;
  for (const listener of wanted) listener();
  loadSonner()
    .then((m) => m.toast[kind](message))
    .catch(() => undefined);
};

/**
 * The console's toasts (sonner's, bottom right, 3 s), sent from anywhere in the signed-in pages. The
 * first one loads sonner if the page has not yet.
 */
export const toast = { success: send('success'), error: send('error'), info: send('info'), warning: send('warning') };
