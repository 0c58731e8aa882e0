import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { RackRefrigerant } from '@/features/refrigerant/index.ts';
import { racksQuery } from '../api/controllers.ts';

/** The controller view's Refrigerant tab: each rack is a refrigeration system. */
export function RefrigerantTab(props: { controllerId: number }) {
  const { t } = useTranslation();
  const racks = useQuery(racksQuery(props.controllerId));
  const [chosen, setChosen] = useState<string | null>(null);
  if (racks.isPending) return <Spinner label={t('common.loading')} />;
  if (racks.isError) return <p role="alert">{t('errors.generic')}</p>;
  if (racks.data.length === 0)
    return <EmptyState title={t('controllers.noRacksTitle')} body={t('controllers.noRacksBody')} />;
  const rackRef = chosen ?? racks.data[0]?.ref ?? '';
  return (
    <div className="space-y-4">
      {racks.data.length > 1 ? (
        <div className="max-w-xs">
          <label htmlFor="refrigerant-rack" className="block text-sm font-medium">
            {t('refrigerant.rack')}
          </label>
          <select
            id="refrigerant-rack"
            value={rackRef}
            onChange={(e) => setChosen(e.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            {racks.data.map((r) => (
              <option key={r.ref} value={r.ref}>
                {r.name ?? t('refrigerant.rackName', { ref: r.ref })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <RackRefrigerant key={rackRef} controllerId={props.controllerId} rackRef={rackRef} />
    </div>
  );
}
