import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/lib/idle.ts';

/** Rows drawn with the list's first render: about a screenful of cards or table rows. */
const FIRST_ROWS = 8;
const NO_ROWS: readonly never[] = [];

/**
 * Whether the console is still drawing its first screen: until the page is first idle. Only then does a
 * list draw its first rows first; later (going back to a list, say) the whole list is drawn at once,
 * so the router can restore the scroll position into it.
 */
let firstScreen = true;
whenIdle(() => {
  firstScreen = false;
});

/**
 * The rows to draw now. On the first screen a list's first rows are drawn in two renders: a screenful
 * at once, then all of them in a deferred render that React splits into short tasks, so a page of 25
 * or 100 rows never holds a loading phone's main thread in one long render. Once drawn in full, later
 * rows (a refetch, another page) are drawn in full at once: a list never shrinks under the reader.
 */
export function useFirstRowsFirst<T>(rows: readonly T[]): readonly T[] {
  const [cut] = useState(() => firstScreen);
  const deferred = useDeferredValue<readonly T[]>(rows, cut ? NO_ROWS : rows);
  const caughtUp = deferred === rows;
  // Set once the full rows are on screen; a ref, because setting it needs no render of its own.
  const drawnInFull = useRef(!cut);
  useEffect(() => {
    if (caughtUp && rows.length > 0) drawnInFull.current = true;
  }, [caughtUp, rows.length]);
  return drawnInFull.current || caughtUp ? rows : rows.slice(0, FIRST_ROWS);
}
