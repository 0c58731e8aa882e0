import { type SettingsTeam, type TeamBody, teamBody } from '@rcm/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorOf, RootError, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { settingsKeys } from '../api/keys.ts';
import { organizationOptionsQuery, saveTeam } from '../api/settings.ts';
import { OwnerSelect } from './owner-select.tsx';

type FormValues = { name: string; organization_id: string };
const formSchema = formBody(
  (f: FormValues) => ({ ...f, organization_id: f.organization_id ? Number(f.organization_id) : null }),
  teamBody,
);

/** Create or edit a team: name and (optionally, for global settings users) organization. */
export function TeamForm(props: { team: SettingsTeam | null; onSaved: (team: SettingsTeam) => void | Promise<void> }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const global = userCan(me, 'shared.edit');
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false });
  // The saved organization is among the options from the first render on: a select whose saved option
  // is missing while the list loads shows another one ("Shared") and saves it.
  const saved = props.team?.organisation;
  const loaded = orgs.data ?? (me ? [me.organisation] : []);
  const options = saved && !loaded.some((o) => o.id === saved.id) ? [...loaded, saved] : loaded;
  const form = useForm<FormValues, unknown, TeamBody>({
    defaultValues: {
      name: props.team?.name ?? '',
      organization_id: props.team
        ? String(props.team.organisation?.id ?? '')
        : global
          ? ''
          : String(me?.organisation.id ?? ''),
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const save = useApiMutation({
    mutationFn: (body: TeamBody) => saveTeam(props.team?.id ?? null, body),
    invalidates: [settingsKeys.kind('teams')],
    onSuccess: async (saved) => {
      if (!props.team) form.reset();
      await props.onSaved(saved);
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <RootError message={errors.root?.message} />
      <TextInput reg={form.register('name')} label={t('settings.teams.name')} error={errorOf(errors, 'name')} />
      <OwnerSelect
        reg={form.register('organization_id')}
        label={t('settings.teams.organization')}
        error={errorOf(errors, 'organization_id')}
        shared={global ? { label: t('settings.teams.shared') } : null}
        options={options}
      />
      <SubmitButton
        submitting={isSubmitting}
        label={props.team ? t('settings.save') : t('settings.create')}
        busyLabel={t('settings.saving')}
      />
    </form>
  );
}
