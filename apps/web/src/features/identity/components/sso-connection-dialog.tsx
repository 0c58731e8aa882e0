import type { SsoConnection } from '@rcm/shared/sso';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { apiErrors, CheckboxInput, FieldError, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { LocationAccess } from '@/components/ui/location-access.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { organizationLocationsQuery, rolesQuery, usersQuery } from '@/features/settings/index.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { identityKeys } from '../api/keys.ts';
import { createSsoConnection, updateSsoConnection } from '../api/sso.ts';
import { accessOf, bodyOf, formField, type Values, valuesOf } from './sso-connection-form.ts';

/**
 * A single sign-on connection of an organization: the provider (issuer, client), the domains that
 * sign in through it, the claims read, who may be created on first sign-in, the groups' roles and
 * locations, and whether password sign-in is refused (with the break-glass accounts that keep it).
 */
export function SsoConnectionDialog(props: {
  open: boolean;
  organizationId: number;
  /** Null: a new connection. */
  connection: SsoConnection | null;
  onClose: () => void;
  onSaved: (saved: SsoConnection) => Promise<void>;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`settings.sso.${key}`);
  const form = useForm<Values>({ values: valuesOf(props.connection) });
  const mappings = useFieldArray({ control: form.control, name: 'role_mappings' });
  const roles = useQuery({ ...rolesQuery({ per_page: 100 }), enabled: props.open });
  const users = useQuery({ ...usersQuery({ per_page: 100 }), enabled: props.open });
  const locations = useQuery({ ...organizationLocationsQuery(props.organizationId), enabled: props.open });
  const members = (users.data?.data ?? []).filter((u) => u.organisation.id === props.organizationId && !u.disabled);
  const { errors, isSubmitting } = form.formState;
  const jitEnabled = form.watch('jit_enabled');
  const errorText = (path: string) => {
    const found = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], errors);
    const message = (found as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const save = useApiMutation({
    mutationFn: async (body: ReturnType<typeof bodyOf>) => {
      if (!props.connection) return (await createSsoConnection(props.organizationId, body)).data;
      // The secret left empty keeps the one stored.
      const { client_secret, ...rest } = body;
      return (await updateSsoConnection(props.connection.id, client_secret === null ? rest : body)).data;
    },
    invalidates: [identityKeys.sso(props.organizationId)],
    onSuccess: (saved) => props.onSaved(saved),
  });

  const submit = form.handleSubmit(async (v) => {
    try {
      await save.run(bodyOf(v));
    } catch (err) {
      const { fields, root } = apiErrors(err, t('errors.network'));
      for (const [field, message] of fields) form.setError(formField(field) as 'name', { message });
      if (root) form.setError('root', { message: root });
    }
  });

  const roleOptions = (roles.data?.data ?? []).map((r) => (
    <option key={r.id} value={r.id}>
      {r.name}
    </option>
  ));

  return (
    <Modal open={props.open} onClose={props.onClose} title={props.connection ? k('editTitle') : k('newTitle')} wide>
      <form onSubmit={submit} noValidate className="space-y-5">
        <RootError message={errors.root?.message} />
        {props.connection ? (
          <CopyField label={k('redirectUri')} value={props.connection.redirect_uri} hint={k('redirectUriHint')} />
        ) : null}
        <TextInput reg={form.register('name')} label={k('name')} error={errors.name?.message} />
        <TextInput
          reg={form.register('issuer')}
          type="url"
          label={k('issuer')}
          hint={k('issuerHint')}
          error={errors.issuer?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput reg={form.register('client_id')} label={k('clientId')} error={errors.client_id?.message} />
          <TextInput
            reg={form.register('client_secret')}
            type="password"
            autoComplete="new-password"
            label={k('clientSecret')}
            hint={props.connection?.client_secret_set ? k('clientSecretKept') : k('clientSecretHint')}
            error={errors.client_secret?.message}
          />
        </div>
        <TextInput
          reg={form.register('email_domains')}
          label={k('domains')}
          hint={k('domainsHint')}
          error={errors.email_domains?.message}
        />
        <fieldset>
          <legend className="text-sm font-medium">{k('claims')}</legend>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{k('claimsHint')}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-3">
            <TextInput reg={form.register('claims.email')} label={k('claimEmail')} error={errorText('claims.email')} />
            <TextInput reg={form.register('claims.name')} label={k('claimName')} error={errorText('claims.name')} />
            <TextInput
              reg={form.register('claims.groups')}
              label={k('claimGroups')}
              error={errorText('claims.groups')}
            />
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{k('mappings')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{k('mappingsHint')}</p>
          {mappings.fields.map((field, i) => (
            <div key={field.id} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  reg={form.register(`role_mappings.${i}.group`)}
                  label={k('group')}
                  error={errorText(`role_mappings.${i}.group`)}
                />
                <SelectInput
                  reg={form.register(`role_mappings.${i}.role_id`)}
                  label={k('role')}
                  error={errorText(`role_mappings.${i}.role_id`)}
                >
                  <option value="">{k('chooseRole')}</option>
                  {roleOptions}
                </SelectInput>
              </div>
              <Controller
                control={form.control}
                name={`role_mappings.${i}.access`}
                render={({ field: access }) => (
                  <LocationAccess
                    value={access.value}
                    onChange={access.onChange}
                    locations={locations.data ?? []}
                    error={errorText(`role_mappings.${i}.access`)}
                  />
                )}
              />
              <button
                type="button"
                className={secondaryButton}
                onClick={() => mappings.remove(i)}
                aria-label={t('settings.sso.removeMappingOf', {
                  group: form.getValues(`role_mappings.${i}.group`) || i + 1,
                })}
              >
                {k('removeMapping')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className={secondaryButton}
            onClick={() => mappings.append({ group: '', role_id: '', access: accessOf(null) })}
          >
            {k('addMapping')}
          </button>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{k('jit')}</legend>
          <CheckboxInput
            reg={form.register('jit_enabled')}
            label={k('jitEnabled')}
            error={errors.jit_enabled?.message}
          />
          {jitEnabled ? (
            <>
              <SelectInput
                reg={form.register('jit_role_id')}
                label={k('jitRole')}
                hint={k('jitRoleHint')}
                error={errors.jit_role_id?.message}
              >
                <option value="">{k('jitNoRole')}</option>
                {roleOptions}
              </SelectInput>
              <Controller
                control={form.control}
                name="jit_access"
                render={({ field: access }) => (
                  <LocationAccess
                    value={access.value}
                    onChange={access.onChange}
                    locations={locations.data ?? []}
                    error={errorText('jit_access')}
                  />
                )}
              />
            </>
          ) : null}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{k('enforcement')}</legend>
          <CheckboxInput
            reg={form.register('require_sso')}
            label={k('requireSso')}
            error={errors.require_sso?.message}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">{k('breakGlassHint')}</p>
          <fieldset aria-describedby={errors.break_glass_user_ids ? 'sso-break-glass-error' : undefined}>
            <legend className="text-sm font-medium">{k('breakGlass')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {members.map((u) => (
                <label key={u.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={String(u.id)}
                    className="size-4"
                    {...form.register('break_glass_user_ids')}
                  />
                  <span>
                    {u.name} <span className="text-slate-600 dark:text-slate-300">({u.email})</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="sso-break-glass-error" message={errorText('break_glass_user_ids')} />
          </fieldset>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={props.onClose} className={secondaryButton}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t('settings.saving') : k('save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
