/** Resolves once `check` holds, testing again after each turn of the event loop's timers. */
export async function waitFor(check: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
