import { zodResolver } from '@hookform/resolvers/zod';
import type { Language } from '@rcm/shared/auth';
import { type UserUpdateBody, userUpdateBody } from '@rcm/shared/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { zodErrorMap } from '../../../lib/form-errors.ts';
import { organizationOptionsQuery, rolesQuery, teamsQuery, updateUser, userQuery } from '../api/settings.ts';
import { apiErrors, CheckboxInput, errorOf, RootError, SelectInput, TextInput } from '../components/form-kit.tsx';
import { buttonClass, cardClass, QueryState, SettingsLayout } from '../components/settings-layout.tsx';

type FormValues = {
  name: string;
  email: string;
  role_id: string;
  team_id: string;
  organization_id: string;
  language: string;
  disabled: boolean;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  return {
    ...f,
    role_id: Number(f.role_id),
    team_id: f.team_id ? Number(f.team_id) : null,
    organization_id: Number(f.organization_id),
    language: f.language || undefined,
  };
}, userUpdateBody);

const languagesQuery = {
  queryKey: ['languages'],
  queryFn: () => api<{ data: Language[] }>('languages').then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
};

/** /settings/users/{id}/edit: name, email, role, team, organization, language, disable/enable. */
export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const id = Number(idParam);
  const user = useQuery({ ...userQuery(id), enabled: Number.isInteger(id) });
  const roles = useQuery(rolesQuery({ per_page: 100 }));
  const teams = useQuery(teamsQuery({ per_page: 100 }));
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false });
  const languages = useQuery(languagesQuery);
  const u = user.data;
  const form = useForm<FormValues, unknown, UserUpdateBody>({
    values: u
      ? {
          name: u.name,
          email: u.email,
          role_id: String(u.role.id),
          team_id: u.team ? String(u.team.id) : '',
          organization_id: String(u.organisation.id),
          language: u.language,
          disabled: u.disabled,
        }
      : undefined,
    resolver: zodResolver(formSchema as never, { error: zodErrorMap(t) }) as never,
  });
  const { errors, isSubmitting } = form.formState;
  // Without organization_view the picker cannot list organizations: the user's own is the choice.
  const orgOptions = orgs.data ?? (u ? [u.organisation] : []);
  if (u && !orgOptions.some((o) => o.id === u.organisation.id)) orgOptions.push(u.organisation);
  const orgId = Number(form.watch('organization_id'));
  const teamOptions = (teams.data?.data ?? []).filter((tm) => !tm.organisation || tm.organisation.id === orgId);

  const submit = form.handleSubmit(async (body) => {
    try {
      await updateUser(id, body);
      await queryClient.invalidateQueries({ queryKey: ['settings', 'users'] });
      toast.success(t('settings.saved'));
      await navigate({ to: '/settings/users' });
    } catch (err) {
      const { fields, root } = apiErrors(err, t('errors.network'));
      for (const [field, message] of fields) form.setError(field as keyof FormValues, { message });
      if (root) form.setError('root', { message: root });
    }
  });

  return (
    <SettingsLayout title={t('settings.users.editTitle')} subtitle={u ? `${u.name} · ${u.email}` : undefined}>
      <QueryState pending={user.isPending} error={false} onRetry={() => void user.refetch()}>
        {!u ? (
          <p role="alert">{t('settings.notFound')}</p>
        ) : (
          <form onSubmit={submit} noValidate className={`max-w-2xl space-y-5 p-6 ${cardClass}`}>
            <RootError message={errors.root?.message} />
            <TextInput reg={form.register('name')} label={t('settings.users.name')} error={errorOf(errors, 'name')} />
            <TextInput
              reg={form.register('email')}
              type="email"
              label={t('settings.users.email')}
              error={errorOf(errors, 'email')}
            />
            <SelectInput
              reg={form.register('role_id')}
              label={t('settings.users.role')}
              error={errorOf(errors, 'role_id')}
            >
              {(roles.data?.data ?? [{ id: u.role.id, name: u.role.name }]).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              reg={form.register('organization_id')}
              label={t('settings.users.organization')}
              error={errorOf(errors, 'organization_id')}
            >
              {orgOptions.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              reg={form.register('team_id')}
              label={t('settings.users.team')}
              error={errorOf(errors, 'team_id')}
            >
              <option value="">{t('settings.none')}</option>
              {teamOptions.map((tm) => (
                <option key={tm.id} value={tm.id}>
                  {tm.name}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              reg={form.register('language')}
              label={t('settings.users.language')}
              error={errorOf(errors, 'language')}
            >
              {(languages.data ?? []).map((l) => (
                <option key={l.locale} value={l.locale}>
                  {l.name}
                </option>
              ))}
            </SelectInput>
            {u.id !== me?.id ? (
              <CheckboxInput
                reg={form.register('disabled')}
                label={t('settings.users.disable')}
                error={errorOf(errors, 'disabled')}
              />
            ) : null}
            <button type="submit" disabled={isSubmitting} className={buttonClass}>
              {isSubmitting ? t('settings.saving') : t('settings.save')}
            </button>
          </form>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
