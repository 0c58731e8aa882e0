import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown only with search_view; submitting goes to /search?q=… */
export function SearchBar(props: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const id = useId();
  // On the results page the box shows what was searched, so it can be refined.
  const searched = useRouterState({
    select: (s) => (s.location.pathname === '/search' ? String((s.location.search as { q?: unknown }).q ?? '') : null),
  });
  useEffect(() => {
    if (searched !== null) setQ(searched);
  }, [searched]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/search', search: { q: q.trim() } });
  };
  return (
    <search className={props.className}>
      <form onSubmit={submit} className="relative">
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <svg
          className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M8.5 3a5.5 5.5 0 0 1 4.4 8.8l3.7 3.6-1.1 1.1-3.6-3.7A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
        </svg>
        <input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('search.placeholder')}
          className="w-full rounded-md border border-slate-300 bg-white py-1.5 pl-8 pr-3 text-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:placeholder:text-slate-400"
        />
      </form>
    </search>
  );
}
