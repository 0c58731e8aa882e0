import { type ControllerUpdateBody, controllerUpdateBody } from '@rcm/shared/controllers';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '@/components/page.tsx';
import { CheckboxInput, errorOf, FormCard, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { controllerQuery, locationsQuery, organizationsQuery, updateController } from '../api/controllers.ts';
import { controllerKeys } from '../api/keys.ts';

type FormValues = {
  name: string;
  store_alias: string;
  organization_id: string;
  location_id: string;
  device_address: string;
  device_model: string;
  vendor_endpoint: string;
  warranty_expiry: string;
  secure_mode: boolean;
};

// The form holds strings; the API's schema validates what they become.
const formSchema = formBody(
  (f: FormValues) => ({
    ...f,
    organization_id: Number(f.organization_id),
    location_id: Number(f.location_id),
    warranty_expiry: f.warranty_expiry || null,
  }),
  controllerUpdateBody,
);

/**
 * /controllers/{id}/edit: its names, where it is (another organization the user sees moves it there),
 * its address on the store's network, model, endpoint, warranty and secure mode.
 */
export function ControllerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { controllerId } = useParams({ from: '/controllers/$controllerId/edit' });
  const id = Number(controllerId);
  const controller = useQuery({ ...controllerQuery(id), enabled: Number.isInteger(id) });
  const c = controller.data;
  // Only those who see every organization's controllers may move a controller to another one.
  const movable = userCan(user, 'controller.move');
  const organizations = useQuery({ ...organizationsQuery(), enabled: movable });
  const form = useForm<FormValues, unknown, ControllerUpdateBody>({
    values: c
      ? {
          name: c.name ?? '',
          store_alias: c.store_alias ?? '',
          organization_id: String(c.organisation?.id ?? ''),
          location_id: String(c.location?.id ?? ''),
          device_address: c.device_address ?? '',
          device_model: c.device_model ?? '',
          vendor_endpoint: c.vendor_endpoint ?? '',
          warranty_expiry: c.warranty_expiry ?? '',
          secure_mode: c.secure_mode,
        }
      : undefined,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const save = useApiMutation({
    mutationFn: (body: ControllerUpdateBody) => updateController(id, body),
    invalidates: [controllerKeys.all],
    onSuccess: async () => {
      toast.success(t('controllers.saved'));
      await navigate({ to: '/controllers/$controllerId/view', params: { controllerId: String(id) } });
    },
    showError: { form },
  });
  const orgId = Number(form.watch('organization_id')) || c?.organisation?.id || 0;
  const locations = useQuery({ ...locationsQuery(orgId), enabled: orgId > 0 });

  if (controller.isPending || !c)
    return (
      <RecordMissing
        pending={controller.isPending}
        title={t('controllers.editTitle')}
        notFound={t('controllers.notFound')}
      />
    );

  const submit = form.handleSubmit((body) => save.run(body));

  // The saved organization and location stay among the options while the lists load.
  const orgOptions = [...(organizations.data ?? [])];
  if (c.organisation && !orgOptions.some((o) => o.id === c.organisation?.id)) orgOptions.push(c.organisation);
  const locationOptions = [...(locations.data ?? [])];
  if (c.location && orgId === c.organisation?.id && !locationOptions.some((l) => l.id === c.location?.id))
    locationOptions.push({ id: c.location.id, name: c.location.name, city: '', state: '' });

  return (
    <Page title={t('controllers.editTitle')} subtitle={`${c.name ?? ''} · ${c.mac_address}`}>
      <FormCard onSubmit={submit} rootError={errors.root?.message} width="max-w-2xl">
        <TextInput reg={form.register('name')} label={t('controllers.name')} error={errorOf(errors, 'name')} />
        <TextInput
          reg={form.register('store_alias')}
          label={t('controllers.storeAlias')}
          error={errorOf(errors, 'store_alias')}
        />
        <SelectInput
          reg={form.register('organization_id', { onChange: () => form.setValue('location_id', '') })}
          label={t('controllers.organization')}
          hint={movable ? t('controllers.moveHint') : undefined}
          error={errorOf(errors, 'organization_id')}
        >
          {(movable ? orgOptions : c.organisation ? [c.organisation] : []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          reg={form.register('location_id')}
          label={t('controllers.location')}
          error={errorOf(errors, 'location_id')}
        >
          <option value="" disabled>
            {t('controllers.choose')}
          </option>
          {locationOptions.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectInput>
        <TextInput
          reg={form.register('device_address')}
          label={t('dashboard.deviceAddr')}
          hint={t('controllers.deviceAddressHint')}
          error={errorOf(errors, 'device_address')}
        />
        <TextInput
          reg={form.register('device_model')}
          label={t('controllers.deviceModel')}
          error={errorOf(errors, 'device_model')}
        />
        <TextInput
          reg={form.register('vendor_endpoint')}
          label={t('controllers.vendorEndpoint')}
          error={errorOf(errors, 'vendor_endpoint')}
        />
        <TextInput
          reg={form.register('warranty_expiry')}
          type="date"
          label={t('controllers.warrantyExpiry')}
          error={errorOf(errors, 'warranty_expiry')}
        />
        <div>
          <CheckboxInput reg={form.register('secure_mode')} label={t('controllers.secureMode')} />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('controllers.secureModeHint')}</p>
        </div>
        <SubmitButton submitting={isSubmitting} label={t('account.save')} busyLabel={t('account.saving')} />
      </FormCard>
    </Page>
  );
}
