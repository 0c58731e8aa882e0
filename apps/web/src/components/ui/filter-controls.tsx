import { type ReactNode, useEffect, useState } from 'react';
import { filterClass } from '../form-field.tsx';

const labelText = 'block text-xs font-medium text-slate-600 dark:text-slate-300';

/** A list's search field: its label above, the query as typed (the page decides when to search). */
export function SearchBox(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The field's box in its filter bar (width); alone above a list by default. */
  className?: string;
}) {
  return (
    <label className={props.className ?? 'mb-4 block max-w-md'}>
      <span className={labelText}>{props.label}</span>
      <input
        type="search"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        className={filterClass}
      />
    </label>
  );
}

/** A list's filter bar: its search box, wide, then the list's own filters. */
export function FilterBar(props: {
  search: { label: string; value: string; onChange: (value: string) => void; placeholder?: string };
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchBox className="block min-w-64 flex-1" {...props.search} />
      {props.children}
    </div>
  );
}

/** One choice of a list's filter bar: `options` are [value, label] pairs. */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
  className?: string;
}) {
  return (
    <label className={props.className ?? 'block min-w-40'}>
      <span className={labelText}>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} className={filterClass}>
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's on/off filter (archived rows, sign-ins): a checkbox before its label. */
export function FilterToggle(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label's box (its margin); inline in a bar by default. */
  className?: string;
}) {
  return (
    <label className={props.className ?? 'flex items-center gap-2 text-sm'}>
      <input
        type="checkbox"
        className="size-4"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

/** How long typing pauses before a list's search is applied. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A list's search box over its applied search `current` (the `q` of its URL, or state): the text as
 * typed, which `apply` receives (trimmed, undefined when empty) once typing pauses rather than on
 * every key, and only when it differs from `current` by more than spaces.
 */
export function useSearchText(current: string | undefined, apply: (q: string | undefined) => void) {
  const [q, setQ] = useState(current ?? '');
  useEffect(() => {
    if ((current ?? '') === q.trim()) return;
    const timer = setTimeout(() => apply(q.trim() || undefined), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });
  return [q, setQ] as const;
}

/**
 * The search and page of a list whose filters live in the page's state (not its URL): the search
 * box's text, and the list query's parameters, back on the first page when the search changes.
 */
export function useListSearch() {
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [q, setQ] = useSearchText(query, (next) => {
    setQuery(next);
    setPage(1);
  });
  return { q, setQ, setPage, params: { q: query, page } };
}

export type ListSearch = ReturnType<typeof useListSearch>;
