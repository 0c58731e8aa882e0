import type { ListMeta } from '@rcm/shared/pagination';
import { useTranslation } from 'react-i18next';

export function Pagination(props: { meta: ListMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { page, total } = props.meta;
  const pages = Math.max(props.meta.last_page, 1);
  return (
    <nav
      aria-label={t('common.pagination', { page, pages })}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-slate-700 dark:text-slate-200">
        {t('common.pagination', { page, pages })}
        <span className="ml-2 text-slate-600 dark:text-slate-300">({t('common.totalResults', { count: total })})</span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900"
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900"
        >
          {t('common.next')}
        </button>
      </div>
    </nav>
  );
}

/** A list's pagination under it, from the page's `meta`; nothing until the first page has loaded. */
export function ListPagination(props: { meta: ListMeta | undefined; onPage: (page: number) => void }) {
  if (!props.meta) return null;
  return (
    <div className="mt-4">
      <Pagination meta={props.meta} onPage={props.onPage} />
    </div>
  );
}
