import { ASSET_TYPES, type Asset, type AssetBody, type AssetOptions, assetBody } from '@rcm/shared/assets';
import { useTranslation } from 'react-i18next';
import { fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { formBody } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useRecordForm } from '@/lib/use-record-form.ts';
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

/** The form's values for a saved asset. */
const valuesOf = (asset: Asset): FormValues => ({
  location_id: String(asset.location.id),
  type: asset.type,
  name: asset.name,
  manufacturer: asset.manufacturer,
  model: asset.model,
  serial: asset.serial,
  installed_at: asset.installed_at ?? '',
  warranty_expiry: asset.warranty_expiry ?? '',
  controller_id: asset.controller ? String(asset.controller.id) : '',
});

/** Create (asset null) or edit an asset; the controller list follows the chosen location. */
export function AssetDialog(props: { open: boolean; asset: Asset | null; options: AssetOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const { asset } = props;
  const { form, clear } = useRecordForm<Asset, FormValues, AssetBody>(asset, valuesOf, EMPTY, formSchema);
  const bind = fieldBinder(form.register, form.formState.errors);
  const locationId = Number(form.watch('location_id'));
  const controllers = props.options.controllers.filter((c) => c.location_id === locationId);

  const field = (name: keyof FormValues, label: string, type = 'text') => (
    <TextInput label={label} type={type} {...bind(name)} />
  );

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={asset ? t('assets.editTitle') : t('assets.createTitle')}
      form={form}
      save={(body) => saveAsset(asset?.id ?? null, body)}
      invalidates={[assetKeys.all]}
      onSaved={() => {
        toast.success(asset ? t('assets.saved') : t('assets.created'));
        clear();
      }}
      submitLabel={t('assets.save')}
      busyLabel={t('assets.saving')}
      cancelLabel={t('assets.cancel')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={t('assets.location')}
          {...bind('location_id', { onChange: () => form.setValue('controller_id', '') })}
        >
          <option value="">{t('assets.choose')}</option>
          {props.options.locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} · {l.organization_name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label={t('assets.type')} {...bind('type')}>
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
      <SelectInput label={t('assets.controller')} {...bind('controller_id')}>
        <option value="">{t('assets.noController')}</option>
        {controllers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} · {c.mac_address}
          </option>
        ))}
      </SelectInput>
    </FormDialog>
  );
}
