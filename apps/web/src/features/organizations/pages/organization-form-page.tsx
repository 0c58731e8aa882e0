import { type OrganizationBody, organizationBody } from '@rcm/shared/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '../../../components/page.tsx';
import { secondaryButton } from '../../../components/ui/button.ts';
import { ConfirmButton } from '../../../components/ui/confirm-dialog.tsx';
import { applyServerErrors, FormCard, TextInput } from '../../../components/ui/form.tsx';
import { SubmitButton } from '../../../components/ui/form-actions.tsx';
import { formResolver } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { organizationKeys } from '../api/keys.ts';
import { createOrganization, deleteOrganization, renameOrganization, useOrganizationOf } from '../api/organizations.ts';
import { PhoneCountriesSection } from '../components/phone-countries-section.tsx';

function OrganizationForm(props: { id?: number; name?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<OrganizationBody>({
    values: { name: props.name ?? '' },
    resolver: formResolver(organizationBody, t),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = props.id ? await renameOrganization(props.id, body.name) : await createOrganization(body.name);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      toast.success(props.id ? t('organizations.saved') : t('organizations.created'));
      await navigate({ to: '/organizations/$id/view', params: { id: String(saved.id) } });
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });

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
  const queryClient = useQueryClient();
  const { id } = useParams({ from: '/organizations/$id/edit' });
  const { orgId, org } = useOrganizationOf(id);
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
          onConfirm={async () => {
            await deleteOrganization(orgId);
            toast.success(t('organizations.deleted', { name: org.data?.name }));
            await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
            await navigate({ to: '/organizations' });
          }}
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
