import { type OrganizationBody, organizationBody } from '@rcm/shared/organizations';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '@/components/page.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { FormCard, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { createOrganization, deleteOrganization, renameOrganization, useOrganizationOf } from '../api/organizations.ts';
import { PhoneCountriesSection } from '../components/phone-countries-section.tsx';

function OrganizationForm(props: { id?: number; name?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<OrganizationBody>({
    values: { name: props.name ?? '' },
    resolver: formResolver(organizationBody, t),
  });
  const { errors, isSubmitting } = form.formState;

  const save = useApiMutation({
    mutationFn: (body: OrganizationBody) =>
      props.id ? renameOrganization(props.id, body.name) : createOrganization(body.name),
    invalidates: [organizationKeys.all],
    onSuccess: async (saved) => {
      toast.success(props.id ? t('organizations.saved') : t('organizations.created'));
      await navigate({ to: '/organizations/$id/view', params: { id: String(saved.id) } });
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  return (
    <FormCard onSubmit={submit} rootError={errors.root?.message} width="max-w-xl">
      <TextInput label={t('organizations.name')} error={errors.name?.message} reg={form.register('name')} />
      <div className="flex gap-3">
        <SubmitButton submitting={isSubmitting} label={t('organizations.save')} busyLabel={t('organizations.saving')} />
        <Link
          to={props.id ? '/organizations/$id/view' : '/organizations'}
          params={props.id ? { id: String(props.id) } : undefined}
          className={secondaryButton}
        >
          {t('organizations.cancel')}
        </Link>
      </div>
    </FormCard>
  );
}

/** /organizations/create (organization_create). */
export function OrganizationCreatePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('organizations.createTitle')}>
      <OrganizationForm />
    </Page>
  );
}

/** /organizations/{id}/edit (organization_edit). */
export function OrganizationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams({ from: '/organizations/$id/edit' });
  const { orgId, org } = useOrganizationOf(id);
  const remove = useApiMutation({
    mutationFn: (organization: { id: number; name: string }) => deleteOrganization(organization.id),
    invalidates: [organizationKeys.all],
    onSuccess: async (_, organization) => {
      toast.success(t('organizations.deleted', { name: organization.name }));
      await navigate({ to: '/organizations' });
    },
  });
  if (org.isPending || !org.data)
    return (
      <RecordMissing
        pending={org.isPending}
        title={t('organizations.editTitle')}
        notFound={t('organizations.notFound')}
      />
    );
  return (
    <Page
      title={t('organizations.editTitle')}
      subtitle={org.data.name}
      actions={
        <ConfirmButton
          label={t('organizations.deleteOrganization')}
          title={t('organizations.deleteOrganizationTitle', { name: org.data.name })}
          body={t('organizations.deleteOrganizationBody')}
          destructive
          onConfirm={() => remove.run(org.data)}
        />
      }
    >
      <div className="space-y-6">
        <OrganizationForm id={orgId} name={org.data.name} />
        <div className="max-w-xl">
          <PhoneCountriesSection organizationId={orgId} />
        </div>
      </div>
    </Page>
  );
}
