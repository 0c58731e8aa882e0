import { type ControllerUpdateBody, controllerUpdateBody } from '@rcm/shared/controllers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { Page, Spinner } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-errors.ts';
import { controllerQuery, locationsQuery, updateController } from '../api/controllers.ts';

type FormValues = {
  name: string;
  store_alias: string;
  location_id: string;
  device_model: string;
  vendor_endpoint: string;
  warranty_expiry: string;
  secure_mode: boolean;
};

// The form holds strings; the API's schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  return { ...f, location_id: Number(f.location_id), warranty_expiry: f.warranty_expiry || null };
}, controllerUpdateBody);

/** /controllers/{id}/edit: validated with the same schema as the API, errors in both languages. */
export function ControllerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { controllerId } = useParams({ strict: false }) as { controllerId: string };
  const id = Number(controllerId);
  const controller = useQuery({ ...controllerQuery(id), enabled: Number.isInteger(id) });
  const orgId = controller.data?.organisation?.id;
  const locations = useQuery({ ...locationsQuery(orgId ?? 0), enabled: !!orgId });
  const c = controller.data;
  const form = useForm<FormValues, unknown, ControllerUpdateBody>({
    values: c
      ? {
          name: c.name ?? '',
          store_alias: c.store_alias ?? '',
          location_id: String(c.location?.id ?? ''),
          device_model: c.device_model ?? '',
          vendor_endpoint: c.vendor_endpoint ?? '',
          warranty_expiry: c.warranty_expiry ?? '',
          secure_mode: c.secure_mode,
        }
      : undefined,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;

  if (controller.isPending)
    return (
      <Page title={t('controllers.editTitle')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  if (!c)
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('controllers.notFound')}</p>
      </Page>
    );

  const submit = form.handleSubmit(async (body) => {
    try {
      await updateController(id, body);
      await queryClient.invalidateQueries({ queryKey: ['controllers'] });
      toast.success(t('controllers.saved'));
      await navigate({ to: '/controllers/$controllerId/view', params: { controllerId: String(id) } });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const f of err.fields) form.setError(f.field as keyof FormValues, { message: f.message });
      if (err.fields.length === 0)
        form.setError('root', { message: err.code === 'network' ? t('errors.network') : err.message });
    }
  });

  const text = (name: keyof FormValues, label: string, type = 'text') => (
    <FormField label={label} error={errors[name]?.message}>
      {({ id: inputId, describedBy, invalid }) => (
        <input
          id={inputId}
          type={type}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={inputClass}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Page title={t('controllers.editTitle')} subtitle={`${c.name ?? ''} · ${c.mac_address}`}>
      <form
        onSubmit={submit}
        noValidate
        className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        {errors.root ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            {errors.root.message}
          </div>
        ) : null}
        {text('name', t('controllers.name'))}
        {text('store_alias', t('controllers.storeAlias'))}
        <FormField label={t('controllers.location')} error={errors.location_id?.message}>
          {({ id: inputId, describedBy, invalid }) => (
            <select
              id={inputId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register('location_id')}
            >
              {(locations.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('device_model', t('controllers.deviceModel'))}
        {text('vendor_endpoint', t('controllers.vendorEndpoint'))}
        {text('warranty_expiry', t('controllers.warrantyExpiry'), 'date')}
        <div className="flex items-center gap-2">
          <input id="secure-mode" type="checkbox" className="size-4" {...form.register('secure_mode')} />
          <label htmlFor="secure-mode" className="text-sm">
            {t('controllers.secureMode')}
          </label>
        </div>
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {isSubmitting ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </Page>
  );
}
