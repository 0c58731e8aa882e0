import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the console lays lists out for a phone. */
export const PHONE_QUERY = '(max-width: 639.98px)';

/** Whether a CSS media query matches now, following its changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** A viewport narrower than 640 px. */
export const usePhone = () => useMediaQuery(PHONE_QUERY);
