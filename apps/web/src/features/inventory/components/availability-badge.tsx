import type { Availability } from '@rcm/shared/inventory';
import { useTranslation } from 'react-i18next';

const CLASS: Record<Availability, string> = {
  in_stock: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  low_stock: 'bg-amber-200 text-amber-950 dark:bg-amber-300',
  out_of_stock: 'bg-red-700 text-white',
};

export function AvailabilityBadge(props: { availability: Availability }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${CLASS[props.availability]}`}>
      {t(`inventory.availabilities.${props.availability}`)}
    </span>
  );
}
