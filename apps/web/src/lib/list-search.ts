import { useEffect, useState } from 'react';

/** How long typing pauses before a list asks the server again. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A searched, paged list's search text and page: the box shows what is typed, the list's query asks
 * for it (trimmed) once typing pauses, and a new search goes back to the first page.
 */
export function useListSearch() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const next = q.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, query]);

  return { q, setQ, page, setPage, params: { q: query || undefined, page } };
}

export type ListSearch = ReturnType<typeof useListSearch>;
