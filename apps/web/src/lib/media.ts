import { useSyncExternalStore } from 'react';
import { PHONE_QUERY } from './breakpoints.ts';

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
