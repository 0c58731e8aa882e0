import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './form.tsx';

export type Access = { all_locations: boolean; location_ids: number[] };

/** All locations, or a chosen set of the organization's locations (radio + checkboxes, keyboard friendly). */
export function LocationAccess(props: {
  value: Access;
  onChange: (value: Access) => void;
  locations: { id: number; name: string }[];
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { value } = props;
  const toggle = (locationId: number, on: boolean) =>
    props.onChange({
      all_locations: false,
      location_ids: on ? [...value.location_ids, locationId] : value.location_ids.filter((l) => l !== locationId),
    });
  return (
    <fieldset aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{t('organizations.access')}</legend>
      <div className="mt-2 space-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value.all_locations}
            onChange={() => props.onChange({ all_locations: true, location_ids: [] })}
            className="size-4"
          />
          {t('organizations.allLocationsOption')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={!value.all_locations}
            onChange={() => props.onChange({ all_locations: false, location_ids: value.location_ids })}
            className="size-4"
          />
          {t('organizations.chooseLocations')}
        </label>
        {!value.all_locations ? (
          <div className="ml-6 grid gap-1 sm:grid-cols-2">
            {props.locations.map((l) => (
              <label key={l.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={value.location_ids.includes(l.id)}
                  onChange={(e) => toggle(l.id, e.target.checked)}
                  className="size-4"
                />
                {l.name}
              </label>
            ))}
          </div>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}
