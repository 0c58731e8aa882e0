import { type RefObject, useEffect } from 'react';

/**
 * Where keyboard focus goes when the page under it changes, so that keyboard and screen-reader users
 * start where a sighted user looks:
 *
 * - After a navigation to another path, the new page's main heading (`Page`, `AuthCard`) takes focus
 *   when it mounts (`usePageHeadingFocus`). A page that first shows a loading heading and then its
 *   record hands the request on: the heading that loses focus by unmounting re-arms it for the next.
 *   The first load does not move focus.
 * - When the focused element leaves the document (a dialog closed whose trigger was in the row it
 *   deleted, a row removed from a list) the browser puts focus on `body`: `watchLostFocus` then moves
 *   it to the page's main heading (else `main`).
 */
let headingPending = false;

/** The next page heading to mount takes focus (called when the router changes path). */
export function armPageHeadingFocus(): void {
  headingPending = true;
}

/** Focuses the heading when it mounts after a navigation; see the module's comment. */
export function usePageHeadingFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const heading = ref.current;
    if (heading && headingPending) {
      headingPending = false;
      heading.focus({ preventScroll: true });
    }
    return () => {
      if (heading && document.activeElement === heading) headingPending = true;
    };
  }, [ref]);
}

/** The page's main heading, else its main landmark: where focus goes when its element disappears. */
export function pageFocusTarget(doc: Document = document): HTMLElement | null {
  const heading = doc.querySelector<HTMLElement>('main h1[tabindex]');
  return heading ?? doc.querySelector<HTMLElement>('main#main');
}

/**
 * Moves focus to `pageFocusTarget` whenever it falls to `body` because the focused element was
 * removed. Returns the function that stops watching.
 */
export function watchLostFocus(doc: Document = document): () => void {
  let last: Element | null = null;
  const onFocusIn = (e: FocusEvent) => {
    last = e.target instanceof Element ? e.target : null;
  };
  // A deliberate blur (clicking empty space) leaves `last` connected: only a removal is rescued.
  const rescue = () => {
    if (!last || last.isConnected) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    last = null;
    pageFocusTarget(doc)?.focus({ preventScroll: true });
  };
  // Any user input means the user has taken focus somewhere themselves.
  const onUserInput = () => {
    headingPending = false;
  };
  const observer = new MutationObserver(rescue);
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('pointerdown', onUserInput, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('pointerdown', onUserInput, true);
  };
}
