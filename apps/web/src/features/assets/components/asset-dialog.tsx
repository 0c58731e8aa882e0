import { ASSET_TYPES, type Asset, type AssetBody, type AssetOptions, assetBody } from '@rcm/shared/assets';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-errors.ts';
import { saveAsset } from '../api/assets.ts';

type FormValues = {
  location_id: string;
  type: string;
  name: string;
  manufacturer: string;
  model: string;
  serial: string;
  installed_at: string;
  warranty_expiry: string;
  controller_id: string;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  return {
    ...f,
    location_id: f.location_id ? Number(f.location_id) : undefined,
    controller_id: f.controller_id ? Number(f.controller_id) : null,
  };
}, assetBody);

const EMPTY: FormValues = {
  location_id: '',
  type: 'rack',
  name: '',
  manufacturer: '',
  model: '',
  serial: '',
  installed_at: '',
  warranty_expiry: '',
  controller_id: '',
};

/** Create (asset null) or edit an asset; the controller list follows the chosen location. */
export function AssetDialog(props: { open: boolean; asset: Asset | null; options: AssetOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { asset } = props;
  const form = useForm<FormValues, unknown, AssetBody>({
    values: asset
      ? {
          location_id: String(asset.location.id),
          type: asset.type,
          name: asset.name,
          manufacturer: asset.manufacturer,
          model: asset.model,
          serial: asset.serial,
          installed_at: asset.installed_at ?? '',
          warranty_expiry: asset.warranty_expiry ?? '',
          controller_id: asset.controller ? String(asset.controller.id) : '',
        }
      : EMPTY,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const locationId = Number(form.watch('location_id'));
  const controllers = props.options.controllers.filter((c) => c.location_id === locationId);

  const submit = form.handleSubmit(async (body) => {
    try {
      await saveAsset(asset?.id ?? null, body);
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
      toast.success(asset ? t('assets.saved') : t('assets.created'));
      form.reset(EMPTY);
      props.onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const f of err.fields) form.setError(f.field as keyof FormValues, { message: f.message });
      if (err.fields.length === 0)
        form.setError('root', { message: err.code === 'network' ? t('errors.network') : err.message });
    }
  });

  const field = (name: keyof FormValues, label: string, type = 'text') => (
    <FormField label={label} error={errors[name]?.message}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
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
    <Modal open={props.open} onClose={props.onClose} title={asset ? t('assets.editTitle') : t('assets.createTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.root ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            {errors.root.message}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('assets.location')} error={errors.location_id?.message}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('location_id', { onChange: () => form.setValue('controller_id', '') })}
              >
                <option value="">{t('assets.choose')}</option>
                {props.options.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} · {l.organization_name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('assets.type')} error={errors.type?.message}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('type')}
              >
                {ASSET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`assets.types.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {field('name', t('assets.name'))}
        <div className="grid gap-4 sm:grid-cols-3">
          {field('manufacturer', t('assets.manufacturer'))}
          {field('model', t('assets.model'))}
          {field('serial', t('assets.serial'))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('installed_at', t('assets.installedAt'), 'date')}
          {field('warranty_expiry', t('assets.warrantyExpiry'), 'date')}
        </div>
        <FormField label={t('assets.controller')} error={errors.controller_id?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register('controller_id')}
            >
              <option value="">{t('assets.noController')}</option>
              {controllers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} · {c.mac_address}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex justify-end gap-2 pt-2">
          <button
            type="button"
            onClick={props.onClose}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-600"
          >
            {t('assets.cancel')}
          </button>
          <button
            type="submit"
            disabled={isSubmitting}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {isSubmitting ? t('assets.saving') : t('assets.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
