import { ASSET_TYPES, type Asset, type AssetBody, type AssetOptions, assetBody } from '@rcm/shared/assets';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorOf, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { saveAsset } from '../api/assets.ts';
import { assetKeys } from '../api/keys.ts';

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
const formSchema = formBody(
  (f: FormValues) => ({
    ...f,
    location_id: f.location_id ? Number(f.location_id) : undefined,
    controller_id: f.controller_id ? Number(f.controller_id) : null,
  }),
  assetBody,
);

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

  const save = useApiMutation({
    mutationFn: (body: AssetBody) => saveAsset(asset?.id ?? null, body),
    invalidates: [assetKeys.all],
    onSuccess: () => {
      toast.success(asset ? t('assets.saved') : t('assets.created'));
      form.reset(EMPTY);
      props.onClose();
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  const field = (name: keyof FormValues, label: string, type = 'text') => (
    <TextInput label={label} type={type} reg={form.register(name)} error={errorOf(errors, name)} />
  );

  return (
    <Modal open={props.open} onClose={props.onClose} title={asset ? t('assets.editTitle') : t('assets.createTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label={t('assets.location')}
            reg={form.register('location_id', { onChange: () => form.setValue('controller_id', '') })}
            error={errorOf(errors, 'location_id')}
          >
            <option value="">{t('assets.choose')}</option>
            {props.options.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} · {l.organization_name}
              </option>
            ))}
          </SelectInput>
          <SelectInput label={t('assets.type')} reg={form.register('type')} error={errorOf(errors, 'type')}>
            <Options values={ASSET_TYPES} label={(type) => t(`assets.types.${type}`)} />
          </SelectInput>
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
        <SelectInput
          label={t('assets.controller')}
          reg={form.register('controller_id')}
          error={errorOf(errors, 'controller_id')}
        >
          <option value="">{t('assets.noController')}</option>
          {controllers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} · {c.mac_address}
            </option>
          ))}
        </SelectInput>
        <FormActions
          onCancel={props.onClose}
          cancelLabel={t('assets.cancel')}
          submitting={isSubmitting}
          label={t('assets.save')}
          busyLabel={t('assets.saving')}
        />
      </form>
    </Modal>
  );
}
