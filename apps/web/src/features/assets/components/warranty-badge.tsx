import type { WarrantyState } from '@rcm/shared/assets';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format.ts';

/** The expiry date, highlighted when it falls within 90 days and marked when it has passed. */
export function WarrantyCell(props: { expiry: string | null; state: WarrantyState }) {
  const { t } = useTranslation();
  if (!props.expiry) return <span className="text-slate-600 dark:text-slate-300">—</span>;
  return (
    <span className="tabular-nums">
      {formatDay(props.expiry)}
      {props.state === 'expiring' ? (
        <span className="ml-2 inline-flex rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-300">
          {t('assets.badge.expiring')}
        </span>
      ) : null}
      {props.state === 'expired' ? (
        <span className="ml-2 inline-flex rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
          {t('assets.badge.expired')}
        </span>
      ) : null}
    </span>
  );
}
