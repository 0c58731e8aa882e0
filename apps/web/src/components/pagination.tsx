import { useTranslation } from 'react-i18next';

export function Pagination(props: { page: number; lastPage: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(props.lastPage, 1);
  return (
    <nav
      aria-label={t('common.pagination', { page: props.page, pages })}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-slate-700 dark:text-slate-200">
        {t('common.pagination', { page: props.page, pages })}
        <span className="ml-2 text-slate-600 dark:text-slate-300">
          ({t('common.totalResults', { count: props.total })})
        </span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900"
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          disabled={props.page >= pages}
          onClick={() => props.onPage(props.page + 1)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900"
        >
          {t('common.next')}
        </button>
      </div>
    </nav>
  );
}
