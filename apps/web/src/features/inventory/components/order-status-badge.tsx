import type { PoStatus } from '@rcm/shared/inventory';
import { useTranslation } from 'react-i18next';

const CLASS: Record<PoStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  sent: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-50',
  received: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
};

export function OrderStatusBadge(props: { status: PoStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${CLASS[props.status]}`}>
      {t(`inventory.orders.statuses.${props.status}`)}
    </span>
  );
}
