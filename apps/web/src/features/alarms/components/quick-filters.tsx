import { useTranslation } from 'react-i18next';
import type { QuickFilter } from '../quick-filter-search.ts';

export function QuickFilters(props: { current: QuickFilter | null; onPick: (quick: QuickFilter) => void }) {
  const { t } = useTranslation();
  const chip =
    'rounded-full px-4 py-2 text-sm font-medium ring-1 ring-inset min-h-11 aria-pressed:bg-blue-700 aria-pressed:text-white aria-pressed:ring-blue-700 ring-slate-300 bg-white text-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div role="group" aria-label={t('alarmList.quickFilters')} className="mt-4 flex flex-wrap gap-2">
      {(['active', 'critical', 'mine'] as const).map((quick) => (
        <button
          key={quick}
          type="button"
          aria-pressed={props.current === quick}
          className={chip}
          onClick={() => props.onPick(quick)}
        >
          {t(`alarmList.quick_${quick}`)}
        </button>
      ))}
    </div>
  );
}
