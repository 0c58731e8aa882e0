import { LOCALES } from '@rcm/shared/locale';
import { useQuery } from '@tanstack/react-query';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { LANGUAGE_NAMES } from '@/lib/i18n.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { organizationOptionsQuery, rolesQuery, teamsQuery } from '../api/settings.ts';

/** What the user forms hold: strings for the selects, as the inputs give them. */
export type UserFormValues = {
  name: string;
  email: string;
  phone: string;
  role_id: string;
  team_id: string;
  organization_id: string;
  language: string;
};

/** The form's strings as the API's body fields (the API's own schema then validates them). */
export function userFormToBody(f: UserFormValues) {
  return {
    ...f,
    role_id: Number(f.role_id),
    team_id: f.team_id ? Number(f.team_id) : null,
    organization_id: Number(f.organization_id),
    language: f.language || undefined,
  };
}

/**
 * The fields a user's create and edit forms share: name, email, phone, role, organization, team and
 * language. Teams follow the chosen organization. `current` (the saved user) keeps each saved choice
 * among the options from the first render on, while the lists load or when the caller may not list
 * them: a select whose saved option is missing would show another one.
 */
export function UserFields<T extends UserFormValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  organizationId: number;
  current?: {
    role: { id: number; name: string };
    organisation: { id: number; name: string };
    team: { id: number; name: string } | null;
  };
}) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const register = props.register as unknown as UseFormRegister<UserFormValues>;
  const errors = props.errors as FieldErrors<UserFormValues>;
  const field = fieldBinder(register, errors);
  const roles = useQuery(rolesQuery({ per_page: 100 }));
  const teams = useQuery(teamsQuery({ per_page: 100 }));
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false });
  const { current } = props;
  const withCurrent = <O extends { id: number }>(options: O[], saved: O | null | undefined) =>
    saved && !options.some((o) => o.id === saved.id) ? [...options, saved] : options;
  const orgOptions = withCurrent(orgs.data ?? [], current?.organisation);
  const roleOptions = withCurrent<{ id: number; name: string }>(roles.data?.data ?? [], current?.role);
  const teamOptions = withCurrent<{ id: number; name: string }>(
    (teams.data?.data ?? []).filter((tm) => !tm.organisation || tm.organisation.id === props.organizationId),
    current && current.organisation.id === props.organizationId ? current.team : null,
  );
  return (
    <>
      <TextInput {...field('name')} label={t('settings.users.name')} autoComplete="off" />
      <TextInput {...field('email')} type="email" label={t('settings.users.email')} autoComplete="off" />
      <TextInput
        {...field('phone')}
        type="tel"
        label={t('accounts.users.phone')}
        hint={t('accounts.users.phoneHint')}
        autoComplete="off"
      />
      <SelectInput {...field('role_id')} label={t('settings.users.role')}>
        <option value="" disabled>
          {t('controllers.choose')}
        </option>
        {roleOptions.map((r) => (
          <option key={r.id} value={r.id}>
            {seeded('role', r.name)}
          </option>
        ))}
      </SelectInput>
      <SelectInput {...field('organization_id')} label={t('settings.users.organization')}>
        <option value="" disabled>
          {t('controllers.choose')}
        </option>
        {orgOptions.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectInput>
      <SelectInput {...field('team_id')} label={t('settings.users.team')}>
        <option value="">{t('settings.none')}</option>
        {teamOptions.map((tm) => (
          <option key={tm.id} value={tm.id}>
            {seeded('team', tm.name)}
          </option>
        ))}
      </SelectInput>
      <SelectInput {...field('language')} label={t('settings.users.language')}>
        <Options values={LOCALES} label={(l) => LANGUAGE_NAMES[l]} />
      </SelectInput>
    </>
  );
}
