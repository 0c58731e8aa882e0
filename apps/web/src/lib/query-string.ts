/** Filters → a query string; empty values are left out so URLs stay short and shareable. */
export function toQueryString(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
}
