import { type LocationBody, type LocationInput, locationBody, TIME_ZONES } from '@rcm/shared/organizations';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing, Spinner } from '@/components/page.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { FormCard, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { MaintenanceWindows } from '@/features/maintenance/index.ts';
import { policiesQuery } from '@/features/oncall/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { locationKeys, organizationKeys } from '../api/keys.ts';
import {
  createLocation,
  deleteLocation,
  locationQuery,
  organizationQuery,
  updateLocation,
} from '../api/organizations.ts';

/** The escalation policy is the select's text: '' for none (the alarm type's policy applies). */
type Values = Required<Omit<LocationInput, 'escalation_policy_id'>> & { escalation_policy_id: string };
const formSchema = formBody(
  (f: Values) => ({ ...f, escalation_policy_id: f.escalation_policy_id ? Number(f.escalation_policy_id) : null }),
  locationBody,
);
const EMPTY: Values = {
  name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  timezone: browserTimeZone(),
  escalation_policy_id: '',
};

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIME_ZONES.includes(zone) ? zone : 'America/Chicago';
}

/** The fields of docs/requirements.md §3 plus the time zone; validated with the API's own schema, errors in both languages. */
function LocationForm(props: { organizationId: number; location?: Values & { id: number } }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The organization's own policies and the shared ones; without the right to read policies the
  // field is left out and the location keeps the one it has.
  const canPick = userCan(user, 'oncall.view');
  const policies = useQuery({ ...policiesQuery(), enabled: canPick, retry: false });
  const choices = (policies.data?.data ?? []).filter(
    (p) => p.organization_id === null || p.organization_id === props.organizationId,
  );
  const navigate = useNavigate();
  const form = useForm<Values, unknown, LocationBody>({
    values: props.location ?? EMPTY,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;

  const save = useApiMutation({
    mutationFn: (sent: LocationBody) =>
      props.location ? updateLocation(props.location.id, sent) : createLocation(props.organizationId, sent),
    invalidates: [locationKeys.all, organizationKeys.all],
    onSuccess: async () => {
      toast.success(props.location ? t('organizations.locationSaved') : t('organizations.locationCreated'));
      await navigate({ to: '/organizations/$id/view', params: { id: String(props.organizationId) } });
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) =>
    save.run(policies.isSuccess ? body : { ...body, escalation_policy_id: undefined }),
  );

  const text = (name: keyof Values, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      error={errors[name]?.message}
      type={extra.type}
      autoComplete={extra.autoComplete ?? 'off'}
      reg={form.register(name)}
    />
  );

  return (
    <FormCard onSubmit={submit} rootError={errors.root?.message} width="max-w-2xl">
      {text('name', t('organizations.locationName'))}
      {text('address_line_1', t('organizations.addressLine1'), { autoComplete: 'address-line1' })}
      {text('address_line_2', t('organizations.addressLine2'), { autoComplete: 'address-line2' })}
      <div className="grid gap-5 sm:grid-cols-3">
        {text('city', t('organizations.city'), { autoComplete: 'address-level2' })}
        {text('state', t('organizations.state'), { autoComplete: 'address-level1' })}
        {text('zip', t('organizations.zip'), { autoComplete: 'postal-code' })}
      </div>
      {text('phone', t('organizations.phone'), { type: 'tel', autoComplete: 'tel' })}
      <SelectInput label={t('organizations.timezone')} error={errors.timezone?.message} reg={form.register('timezone')}>
        <Options values={TIME_ZONES} />
      </SelectInput>
      {policies.isSuccess ? (
        <SelectInput
          label={t('oncall.locationPolicy')}
          hint={t('oncall.locationPolicyHint')}
          error={errors.escalation_policy_id?.message}
          reg={form.register('escalation_policy_id')}
        >
          <option value="">{t('oncall.locationPolicyNone')}</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectInput>
      ) : null}
      <div className="flex gap-3">
        <SubmitButton submitting={isSubmitting} label={t('organizations.save')} busyLabel={t('organizations.saving')} />
        <Link to="/organizations/$id/view" params={{ id: String(props.organizationId) }} className={secondaryButton}>
          {t('organizations.cancel')}
        </Link>
      </div>
    </FormCard>
  );
}

/** /organizations/{id}/locations/create (locations_create). */
export function LocationCreatePage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/organizations/$id/locations/create' });
  const orgId = Number(id);
  const org = useQuery({ ...organizationQuery(orgId), enabled: Number.isInteger(orgId), retry: false });
  if (org.isPending || !org.data)
    return (
      <RecordMissing
        pending={org.isPending}
        title={t('organizations.locationCreateTitle')}
        notFound={t('organizations.notFound')}
      />
    );
  return (
    <Page title={t('organizations.locationCreateTitle')} subtitle={org.data.name}>
      <LocationForm organizationId={orgId} />
    </Page>
  );
}

/** /locations/{locationId}/edit (locations_edit). */
export function LocationEditPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { locationId } = useParams({ from: '/locations/$locationId/edit' });
  const id = Number(locationId);
  const remove = useApiMutation({
    mutationFn: (location: { id: number; name: string }) => deleteLocation(location.id),
    invalidates: [organizationKeys.all],
    onSuccess: async (_, location) => {
      toast.success(t('organizations.deleted', { name: location.name }));
      await navigate({ to: '/locations' });
    },
  });
  const location = useQuery({ ...locationQuery(id), enabled: Number.isInteger(id), retry: false });
  if (location.isPending)
    return (
      <Page title={t('organizations.locationEditTitle')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  const l = location.data;
  if (!l)
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('organizations.locationNotFound')}</p>
      </Page>
    );
  const { organisation: organization, controllers_count: _count, escalation_policy_id: policy, ...values } = l;
  return (
    <Page
      title={t('organizations.locationEditTitle')}
      subtitle={`${l.name} · ${organization.name}`}
      actions={
        <ConfirmButton
          label={t('organizations.deleteLocation')}
          title={t('organizations.deleteLocationTitle', { name: l.name })}
          body={t('organizations.deleteLocationBody')}
          destructive
          onConfirm={() => remove.run(l)}
        />
      }
    >
      <LocationForm
        organizationId={organization.id}
        location={{ ...values, escalation_policy_id: policy === null ? '' : String(policy) }}
      />
      {userCan(user, 'controller.list') ? (
        <div className="mt-8">
          <MaintenanceWindows filter={{ location_id: l.id }} place={{ locationId: l.id, timeZone: l.timezone }} />
        </div>
      ) : null}
    </Page>
  );
}
