import { type AuthorizeControllerBody, authorizeControllerBody } from '@rcm/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorOf, FormCard, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { authorizeController, locationsQuery, organizationsQuery } from '../api/controllers.ts';
import { controllerKeys } from '../api/keys.ts';

type FormValues = { organization_id: string; location_id: string; name: string; store_alias: string };

// The form holds strings; the API's own schema validates what they become.
const formSchema = formBody(
  (f: FormValues) => ({
    organization_id: f.organization_id ? Number(f.organization_id) : undefined,
    location_id: f.location_id ? Number(f.location_id) : undefined,
    name: f.name,
    ...(f.store_alias.trim() ? { store_alias: f.store_alias } : {}),
  }),
  authorizeControllerBody,
);

/** Assigns a pending controller to an organization and location; `onAuthorized` gets its device key. */
export function AuthorizeForm(props: { controllerId: number; onAuthorized: (deviceKey: string) => void }) {
  const { t } = useTranslation();
  const form = useForm<FormValues, unknown, AuthorizeControllerBody>({
    defaultValues: { organization_id: '', location_id: '', name: '', store_alias: '' },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const orgId = form.watch('organization_id');
  const orgs = useQuery(organizationsQuery());
  const locations = useQuery({ ...locationsQuery(Number(orgId)), enabled: !!orgId });

  const authorize = useApiMutation({
    mutationFn: async (body: AuthorizeControllerBody) => {
      const result = await authorizeController(props.controllerId, body);
      // The key first: refetched, the controller reads as authorized, and the page shows the key.
      props.onAuthorized(result.device_key);
      return result;
    },
    invalidates: [controllerKeys.all],
    showError: { form },
  });
  const submit = form.handleSubmit((body) => authorize.run(body));

  return (
    <FormCard onSubmit={submit} rootError={errors.root?.message} width="max-w-2xl">
      <SelectInput
        label={t('controllers.organization')}
        reg={form.register('organization_id', { onChange: () => form.setValue('location_id', '') })}
        error={errorOf(errors, 'organization_id')}
      >
        <option value="">{t('controllers.choose')}</option>
        {(orgs.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectInput>
      <SelectInput
        label={t('controllers.location')}
        reg={form.register('location_id', { disabled: !orgId })}
        error={errorOf(errors, 'location_id')}
      >
        <option value="">{t('controllers.choose')}</option>
        {(locations.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectInput>
      <TextInput label={t('controllers.name')} reg={form.register('name')} error={errorOf(errors, 'name')} />
      <TextInput
        label={t('controllers.storeAlias')}
        reg={form.register('store_alias')}
        error={errorOf(errors, 'store_alias')}
      />
      <SubmitButton
        submitting={isSubmitting}
        label={t('controllers.authorise')}
        busyLabel={t('controllers.authorise')}
      />
    </FormCard>
  );
}
