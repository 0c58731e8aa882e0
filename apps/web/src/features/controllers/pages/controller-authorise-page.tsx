import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { Page, Spinner } from '../../../components/page.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { ApiError, type FieldError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { authoriseController, controllerQuery, locationsQuery, organizationsQuery } from '../api/controllers.ts';
import { DeviceKey } from '../components/device-key.tsx';

/**
 * /controllers/{id}/authorise: assign a pending controller to an organization and location. Its
 * device key is shown once, to be entered on the controller by the installer.
 */
export function ControllerAuthorisePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { id: rawId } = useParams({ from: '/controllers/$id/authorise' });
  const id = Number(rawId);
  const controller = useQuery({ ...controllerQuery(id), enabled: Number.isInteger(id) });
  const orgs = useQuery(organizationsQuery());
  const [orgId, setOrgId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [name, setName] = useState('');
  const [alias, setAlias] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const locations = useQuery({ ...locationsQuery(Number(orgId)), enabled: !!orgId });

  if (controller.isPending)
    return (
      <Page title={t('controllers.authoriseTitle')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  if (!controller.data)
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('controllers.notFound')}</p>
      </Page>
    );
  const c = controller.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!orgId) found.organization_id = t('validation.required');
    if (!locationId) found.location_id = t('validation.required');
    if (!name.trim()) found.name = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await authoriseController(id, {
        organization_id: Number(orgId),
        location_id: Number(locationId),
        name: name.trim(),
        ...(alias.trim() ? { store_alias: alias.trim() } : {}),
      });
      setKey(result.device_key);
      await queryClient.invalidateQueries({ queryKey: ['controllers'] });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = Object.fromEntries(err.fields.map((f: FieldError) => [f.field, f.message]));
      setErrors(
        Object.keys(fields).length > 0 ? fields : { root: err.code === 'network' ? t('errors.network') : err.message },
      );
    } finally {
      setBusy(false);
    }
  };

  if (key || c.authorised) {
    return (
      <Page title={t('controllers.authoriseTitle')} subtitle={c.mac_address}>
        <div
          role="status"
          className="max-w-2xl rounded-lg border border-emerald-300 bg-emerald-50 p-6 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <p className="font-semibold">{key ? t('controllers.authorisedDone') : t('controllers.alreadyAuthorised')}</p>
          {key ? <DeviceKey deviceKey={key} /> : null}
          <p className="mt-4">
            <Link
              to="/controllers/$controllerId/view"
              params={{ controllerId: String(c.id) }}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              {t('controllers.openController')}
            </Link>
          </p>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('controllers.authoriseTitle')} subtitle={c.mac_address}>
      <p className="mb-4 max-w-2xl text-sm text-slate-700 dark:text-slate-200">{t('pending.description')}</p>
      <dl className="mb-6 grid max-w-2xl grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase text-slate-600 dark:text-slate-300">
            {t('controllers.deviceModel')}
          </dt>
          <dd>{c.device_model ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase text-slate-600 dark:text-slate-300">
            {t('controllers.firstSeen')}
          </dt>
          <dd>{formatDateTime(c.created_at)}</dd>
        </div>
      </dl>
      <form
        onSubmit={submit}
        noValidate
        className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        {errors.root ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            {errors.root}
          </div>
        ) : null}
        <FormField label={t('controllers.organization')} error={errors.organization_id}>
          {({ id: inputId, describedBy, invalid }) => (
            <select
              id={inputId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={orgId}
              onChange={(e) => {
                setOrgId(e.target.value);
                setLocationId('');
              }}
            >
              <option value="">{t('controllers.choose')}</option>
              {(orgs.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('controllers.location')} error={errors.location_id}>
          {({ id: inputId, describedBy, invalid }) => (
            <select
              id={inputId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={locationId}
              disabled={!orgId}
              onChange={(e) => setLocationId(e.target.value)}
            >
              <option value="">{t('controllers.choose')}</option>
              {(locations.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('controllers.name')} error={errors.name}>
          {({ id: inputId, describedBy, invalid }) => (
            <input
              id={inputId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('controllers.storeAlias')} error={errors.store_alias}>
          {({ id: inputId, describedBy, invalid }) => (
            <input
              id={inputId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={alias}
              onChange={(e) => setAlias(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" disabled={busy} className={primaryButton}>
          {t('controllers.authorise')}
        </button>
      </form>
    </Page>
  );
}
