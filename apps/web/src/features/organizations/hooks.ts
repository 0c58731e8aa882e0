import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { organizationQuery } from './api/organizations.ts';

/** The organization named by a page's `$id` path parameter (nothing is asked for an id that is not a number). */
export function useOrganizationOf(id: string) {
  const orgId = Number(id);
  const org = useQuery({ ...organizationQuery(orgId), enabled: Number.isInteger(orgId) });
  return { orgId, org };
}

/**
 * A list's search box and page: the search runs 300 ms after the last keystroke, trimmed, and goes
 * back to the first page.
 */
export function useListSearch() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);

  return { q, setQ, setPage, params: { q: query || undefined, page } };
}
