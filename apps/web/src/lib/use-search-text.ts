import { useEffect, useState } from 'react';

/**
 * A list's search box over the `q` of its URL: the text as typed, which `apply` receives (trimmed,
 * undefined when empty) 300 ms after the last key rather than on every key.
 */
export function useSearchText(current: string | undefined, apply: (q: string | undefined) => void) {
  const [q, setQ] = useState(current ?? '');
  useEffect(() => {
    if ((current ?? '') === q) return;
    const timer = setTimeout(() => apply(q.trim() || undefined), 300);
    return () => clearTimeout(timer);
  });
  return [q, setQ] as const;
}
