import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEVERITY_ORDER } from '@/components/badges.tsx';
import { filterClass } from '@/components/form-field.tsx';
import { MultiSelect } from '@/components/multi-select.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { alarmTypesQuery, typeName } from '../api/get-alarm-types.ts';
import { type AlarmFilters, placeOptionsQuery } from '../api/get-alarms.ts';

const STATUSES = ['active', 'acknowledged', 'cleared', 'suppressed', 'shelved'] as const;

const split = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);
const join = (v: string[]) => (v.length ? v.join(',') : undefined);

/** Organization and Location: only the places the user may see; the locations follow the organization. */
function PlaceFilters(props: { filters: AlarmFilters; onChange: (patch: Partial<AlarmFilters>) => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const manyOrganizations = userCan(user, 'organization.viewAll');
  const places = useQuery(placeOptionsQuery(manyOrganizations));
  const { filters, onChange } = props;
  const locations = (places.data?.locations ?? []).filter(
    (l) => !filters.organization_id || l.organisation.id === filters.organization_id,
  );
  return (
    <>
      {manyOrganizations ? (
        <label className="block min-w-44">
          <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
            {t('dashboard.organization')}
          </span>
          <select
            value={filters.organization_id ?? ''}
            onChange={(e) =>
              onChange({ organization_id: e.target.value ? Number(e.target.value) : undefined, location_id: undefined })
            }
            className={filterClass}
          >
            <option value="">{t('dashboard.any')}</option>
            {(places.data?.organizations ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="block min-w-44">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('dashboard.location')}</span>
        <select
          value={filters.location_id ?? ''}
          onChange={(e) => onChange({ location_id: e.target.value ? Number(e.target.value) : undefined })}
          className={filterClass}
        >
          <option value="">{t('dashboard.any')}</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Alarm Types, Severity, Status, Warranty, Organization and Location; every change lands in the URL. */
export function AlarmFiltersBar(props: { filters: AlarmFilters; onChange: (patch: Partial<AlarmFilters>) => void }) {
  const { t, i18n } = useTranslation();
  const types = useQuery(alarmTypesQuery());
  const { filters, onChange } = props;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <MultiSelect
        label={t('dashboard.alarmTypes')}
        anyLabel={t('dashboard.any')}
        options={(types.data ?? []).map((ty) => ({ value: ty.code, label: typeName(ty, i18n.language) }))}
        value={split(filters.type)}
        onChange={(v) => onChange({ type: join(v) })}
      />
      <MultiSelect
        label={t('dashboard.severity')}
        anyLabel={t('dashboard.any')}
        options={SEVERITY_ORDER.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
        value={split(filters.severity)}
        onChange={(v) => onChange({ severity: join(v) })}
      />
      <MultiSelect
        label={t('dashboard.status')}
        anyLabel={t('dashboard.any')}
        options={STATUSES.map((s) => ({ value: s, label: t(`alarmStatus.${s}`) }))}
        value={split(filters.status)}
        onChange={(v) => onChange({ status: join(v) })}
      />
      <label className="block min-w-36">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('dashboard.warranty')}</span>
        <select
          value={filters.warranty ?? ''}
          onChange={(e) => onChange({ warranty: (e.target.value || undefined) as AlarmFilters['warranty'] })}
          className={filterClass}
        >
          <option value="">{t('dashboard.any')}</option>
          <option value="true">{t('dashboard.inWarranty')}</option>
          <option value="false">{t('dashboard.outOfWarranty')}</option>
        </select>
      </label>
      <PlaceFilters filters={filters} onChange={onChange} />
    </div>
  );
}
