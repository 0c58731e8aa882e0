/**
 * Steps run one after another per key (a device): a step starts once the previous step of the same
 * key has finished, whether it succeeded or failed. A key is tracked only while a step of it runs.
 */
export function arrivalOrder() {
  /** Per key, the tail of its chain of steps (only while one is running). */
  const tails = new Map<string, Promise<unknown>>();

  return {
    /** A step of this key is queued or running. */
    busy: (key: string): boolean => tails.has(key),

    /** Runs `step` after the previous step for the same key has finished. */
    async run<T>(key: string, step: () => Promise<T>): Promise<T> {
      const previous = tails.get(key);
      const current = (previous ?? Promise.resolve()).then(step, step);
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
