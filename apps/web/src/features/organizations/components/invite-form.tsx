import { LOCALES } from '@rcm/shared/locale';
import { type InvitationBody, invitationBody } from '@rcm/shared/organizations';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { LocationAccess } from '@/components/ui/location-access.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { currentLocale } from '@/lib/i18n.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { inviteMember, memberRolesQuery } from '../api/organizations.ts';
import { Section } from './ui.tsx';

type Values = { email: string; language: string; role_id: string; all_locations: boolean; location_ids: number[] };

/** Invites a member by email: their language, role and locations (organization_edit). */
export function InviteForm(props: { organizationId: number; locations: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const roles = useQuery(memberRolesQuery());
  const form = useForm<Values, unknown, InvitationBody>({
    defaultValues: { email: '', language: currentLocale(), role_id: '', all_locations: true, location_ids: [] },
    resolver: formResolver(invitationBody, t),
  });
  const { errors, isSubmitting } = form.formState;

  const invite = useApiMutation({
    mutationFn: (body: InvitationBody) => inviteMember(props.organizationId, body),
    invalidates: [organizationKeys.all],
    onSuccess: (created) => {
      toast.success(t('organizations.invited', { email: created.email }));
      form.reset();
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => invite.run(body));

  return (
    <Section title={t('organizations.inviteTitle')} id="invite">
      <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-300">{t('organizations.inviteHint')}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            label={t('organizations.email')}
            error={errors.email?.message}
            type="email"
            autoComplete="off"
            reg={form.register('email')}
          />
          <SelectInput
            label={t('organizations.language')}
            error={errors.language?.message}
            reg={form.register('language')}
          >
            <Options values={LOCALES} label={(l) => t(`organizations.languages.${l}`)} />
          </SelectInput>
          <SelectInput
            label={t('organizations.role')}
            error={errors.role_id?.message}
            reg={form.register('role_id', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })}
          >
            <option value="">—</option>
            {(roles.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {seeded('role', r.name)}
              </option>
            ))}
          </SelectInput>
        </div>
        <Controller
          control={form.control}
          name="all_locations"
          render={({ field }) => (
            <LocationAccess
              locations={props.locations}
              value={{ all_locations: field.value, location_ids: form.watch('location_ids') }}
              error={errors.location_ids?.message}
              onChange={(v) => {
                field.onChange(v.all_locations);
                form.setValue('location_ids', v.location_ids);
              }}
            />
          )}
        />
        <SubmitButton
          submitting={isSubmitting}
          label={t('organizations.sendInvite')}
          busyLabel={t('organizations.sending')}
        />
      </form>
    </Section>
  );
}
