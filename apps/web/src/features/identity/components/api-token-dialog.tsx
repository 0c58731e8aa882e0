import { type ApiTokenBody, type ApiTokenCreated, tokenGrantable } from '@rcm/shared/api-tokens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { FieldError, fieldBinder, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { type Access, LocationAccess } from '@/components/ui/location-access.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { OwnerSelect, organizationLocationsQuery, organizationOptionsQuery } from '@/features/settings/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { createApiToken, reauthenticate } from '../api/api-tokens.ts';
import { identityKeys } from '../api/keys.ts';

const LIFETIMES = [30, 90, 180, 365] as const;
const DAY_MS = 86_400_000;

type Values = {
  name: string;
  organization_id: string;
  permissions: string[];
  days: string;
  password: string;
  /** Only to show the server's refusals of these fields. */
  location_ids: string;
  expires_at: string;
};

/**
 * A new integration token: its name, organization, permissions (only the creator's own), locations
 * and lifetime, confirmed with the creator's password (a fresh re-authentication, then the token).
 */
export function ApiTokenDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiTokenCreated) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const global = userCan(me, 'shared.edit');
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false, enabled: props.open && global });
  const organizations = global ? (orgs.data ?? []) : me ? [me.organisation] : [];
  const grantable = tokenGrantable(me?.permissions ?? []);
  const form = useForm<Values>({
    values: {
      name: '',
      organization_id: String(me?.organisation.id ?? ''),
      permissions: [],
      days: '90',
      password: '',
      location_ids: '',
      expires_at: '',
    },
  });
  const [access, setAccess] = useState<Access>({ all_locations: true, location_ids: [] });
  const organizationId = Number(form.watch('organization_id') || 0);
  const locations = useQuery({
    ...organizationLocationsQuery(organizationId),
    enabled: props.open && organizationId > 0,
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldBinder(form.register, errors);
  const k = (key: string) => t(`settings.apiTokens.${key}`);

  const create = useApiMutation({
    mutationFn: async ({ body, password }: { body: ApiTokenBody; password: string }) => {
      const proof = await reauthenticate(password);
      return createApiToken({ ...body, reauth_token: proof.reauth_token });
    },
    invalidates: [identityKeys.apiTokensAll],
    onSuccess: async (created) => {
      form.reset();
      setAccess({ all_locations: true, location_ids: [] });
      await props.onCreated(created);
    },
    showError: { form },
  });

  const submit = form.handleSubmit(async (v) => {
    const body: ApiTokenBody = {
      name: v.name,
      organization_id: v.organization_id ? Number(v.organization_id) : null,
      permissions: v.permissions as ApiTokenBody['permissions'],
      location_ids: v.organization_id && !access.all_locations ? access.location_ids : null,
      expires_at: new Date(Date.now() + Number(v.days) * DAY_MS).toISOString(),
    };
    await create.run({ body, password: v.password });
  });

  return (
    <Modal open={props.open} onClose={props.onClose} title={k('newTitle')} wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <TextInput {...field('name')} label={k('name')} hint={k('nameHint')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <OwnerSelect
            reg={form.register('organization_id')}
            label={k('organization')}
            error={errors.organization_id?.message}
            shared={global ? { label: k('allOrganizations') } : null}
            options={organizations}
          />
          <SelectInput reg={form.register('days')} label={k('lifetime')} error={errors.expires_at?.message}>
            <Options values={LIFETIMES} label={(d) => t('settings.apiTokens.days', { count: d })} />
          </SelectInput>
        </div>
        <fieldset aria-describedby={errors.permissions ? 'api-token-permissions-error' : undefined}>
          <legend className="text-sm font-medium">{k('permissions')}</legend>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{k('permissionsHint')}</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {grantable.map((p) => (
              <label key={p} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={p} className="mt-0.5 size-4" {...form.register('permissions')} />
                <span>
                  <code className="font-mono text-xs">{p}</code>
                  <span className="block text-slate-600 dark:text-slate-300">{t(`settings.roles.explain.${p}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="api-token-permissions-error" message={errors.permissions?.message} />
        </fieldset>
        {organizationId > 0 ? (
          <LocationAccess
            value={access}
            onChange={setAccess}
            locations={locations.data ?? []}
            error={errors.location_ids?.message}
          />
        ) : null}
        <TextInput
          {...field('password')}
          type="password"
          autoComplete="current-password"
          label={k('password')}
          hint={k('passwordHint')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={props.onClose} className={secondaryButton}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t('settings.saving') : k('create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
