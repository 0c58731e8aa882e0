import { type UserCreateBody, userCreateBody } from '@rcm/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardClass, SettingsLayout } from '@/components/settings-layout.tsx';
import { errorOf, RootError } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { LocationAccess } from '@/components/ui/location-access.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { currentLocale } from '@/lib/i18n.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';
import { createUser, organizationLocationsQuery } from '../api/settings.ts';
import { InvitationLink } from '../components/invitation-link.tsx';
import { UserFields, type UserFormValues, userFormToBody } from '../components/user-fields.tsx';

type FormValues = UserFormValues & { all_locations: boolean; location_ids: number[] };

const formSchema = formBody(
  (f: FormValues) => ({ ...userFormToBody(f), all_locations: f.all_locations, location_ids: f.location_ids }),
  userCreateBody,
);

/** /settings/users/create: a new user, who gets an email to choose a password. */
export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const form = useForm<FormValues, unknown, UserCreateBody>({
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      role_id: '',
      team_id: '',
      organization_id: me ? String(me.organisation.id) : '',
      language: currentLocale(),
      all_locations: true,
      location_ids: [],
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const organizationId = Number(form.watch('organization_id'));
  const locations = useQuery(organizationLocationsQuery(organizationId));

  const [unsent, setUnsent] = useState<{ email: string; url: string } | null>(null);
  const create = useApiMutation({
    mutationFn: createUser,
    invalidates: [settingsKeys.kind('users')],
    onSuccess: async (created) => {
      // Only a mail server sends the invitation: without one, the link is handed over here instead.
      if (!created.invitation_sent && created.invitation_url) {
        setUnsent({ email: created.email, url: created.invitation_url });
        return;
      }
      toast.success(t('accounts.users.created', { email: created.email }));
      await navigate({ to: '/settings/users' });
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => create.run(body));

  if (unsent) return <InvitationLink email={unsent.email} url={unsent.url} />;
  return (
    <SettingsLayout title={t('accounts.users.createTitle')} subtitle={t('accounts.users.createHint')}>
      <form onSubmit={submit} noValidate className={`max-w-2xl space-y-5 p-6 ${cardClass}`}>
        <RootError message={errors.root?.message} />
        <UserFields register={form.register} errors={errors} organizationId={organizationId} />
        <Controller
          control={form.control}
          name="all_locations"
          render={({ field }) => (
            <LocationAccess
              value={{ all_locations: field.value, location_ids: form.watch('location_ids') }}
              onChange={(v) => {
                field.onChange(v.all_locations);
                form.setValue('location_ids', v.location_ids);
              }}
              locations={locations.data ?? []}
              error={errorOf(errors, 'location_ids')}
            />
          )}
        />
        <SubmitButton submitting={isSubmitting} label={t('accounts.users.create')} busyLabel={t('settings.saving')} />
      </form>
    </SettingsLayout>
  );
}
