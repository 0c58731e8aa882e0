/**
 * Runs `fn` once the page has nothing else to do (or after `timeoutMs` at the latest); returns the
 * cancel. Code a page will want soon (a dialog's, the toasts') is fetched then, not during its first
 * screen. Browsers without `requestIdleCallback` wait two seconds (or `timeoutMs`, if shorter).
 */
export function whenIdle(fn: () => void, timeoutMs = 5000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(2000, timeoutMs));
  return () => clearTimeout(id);
}

/** Resolves in a task of its own: what follows it does not lengthen the task that awaited it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
