import { EventEmitter } from 'node:events';

/**
 * An append-only log a test can wait on: `waitFor` looks at what already arrived, then at what
 * arrives next, so the order of "trigger" and "wait" never races.
 */
export class EventLog<T> {
  readonly items: T[] = [];
  readonly #emitter = new EventEmitter();

  push(item: T): void {
    this.items.push(item);
    this.#emitter.emit('item', item);
  }

  waitFor(
    predicate: (item: T) => boolean,
    what: string,
    opts: { since?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const found = this.items.slice(opts.since ?? 0).find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const onItem = (item: T) => {
        if (!predicate(item)) return;
        clearTimeout(timer);
        this.#emitter.off('item', onItem);
        resolve(item);
      };
      const timer = setTimeout(() => {
        this.#emitter.off('item', onItem);
        reject(new Error(`timed out waiting for ${what}`));
      }, opts.timeoutMs ?? 5_000);
      this.#emitter.on('item', onItem);
    });
  }
}

/** Settles the promise's state into a flag, so a test can assert it is still pending. */
export function track<T>(promise: Promise<T>): { readonly settled: boolean; promise: Promise<T> } {
  const state = { settled: false, promise };
  promise.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return state;
}
