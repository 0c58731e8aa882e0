import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS, type SecurityPolicy } from '@rcm/shared/mfa';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { apiErrors, RootError } from '@/components/ui/form.tsx';
import { Section } from '@/components/ui/section.tsx';
import { saveSecurityPolicy, securityPolicyQuery } from '@/features/account/index.ts';
import { rolesQuery } from '@/features/settings/index.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

const REQUIRE = ['off', 'all', 'roles'] as const;
const METHODS = ['totp', 'webauthn'] as const;
const SUPPORT = ['always', 'grant', 'never'] as const;

/** A number field's text as the policy's value: empty is no limit. */
const limit = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * Organization → Security: whether a second factor is required (of everyone or some roles), which
 * kinds, the idle and absolute session limits, and the service company's support access (changed by
 * the organization's own people only). Shown to those who view settings, changed by those who update them.
 */
export function SecurityPolicySection(props: { organizationId: number; canEdit: boolean; ownOrganization: boolean }) {
  const { t } = useTranslation();
  const policy = useQuery(securityPolicyQuery(props.organizationId));
  const roles = useQuery(rolesQuery({ per_page: 100 }));
  const [value, setValue] = useState<SecurityPolicy | null>(null);
  const [idle, setIdle] = useState('');
  const [max, setMax] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation({
    mutationFn: (body: SecurityPolicy) => saveSecurityPolicy(props.organizationId, body),
    invalidates: [securityPolicyQuery(props.organizationId).queryKey],
    onSuccess: () => toast.success(t('mfa.policy.saved')),
  });
  useEffect(() => {
    if (!policy.data) return;
    setValue(policy.data);
    setIdle(policy.data.session_idle_minutes?.toString() ?? '');
    setMax(policy.data.session_max_hours?.toString() ?? '');
  }, [policy.data]);
  const p = (key: string) => t(`mfa.policy.${key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    setErrors({});
    try {
      await save.run({
        ...value,
        require_mfa_role_ids: value.require_mfa === 'roles' ? value.require_mfa_role_ids : [],
        session_idle_minutes: limit(idle),
        session_max_hours: limit(max),
      });
    } catch (err) {
      const { fields, root } = apiErrors(err, t('errors.network'));
      setErrors({ ...Object.fromEntries(fields), ...(root ? { root } : {}) });
    }
  };

  const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
  const disabled = !props.canEdit;
  return (
    <Section id="security-policy" title={p('title')}>
      {!value ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{p('intro')}</p>
          {disabled ? <p className="text-sm">{p('readOnly')}</p> : null}
          <RootError message={errors.root} />
          <FormField label={p('requireMfa')} error={errors.require_mfa}>
            {(ids) => (
              <select
                id={ids.id}
                aria-describedby={ids.describedBy}
                disabled={disabled}
                value={value.require_mfa}
                onChange={(e) => setValue({ ...value, require_mfa: e.target.value as SecurityPolicy['require_mfa'] })}
                className={inputClass}
              >
                {REQUIRE.map((r) => (
                  <option key={r} value={r}>
                    {t(`mfa.policy.requireOptions.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {value.require_mfa === 'roles' ? (
            <fieldset>
              <legend className="text-sm font-medium">{p('roles')}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {(roles.data?.data ?? []).map((r) => (
                  <label key={r.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      disabled={disabled}
                      checked={value.require_mfa_role_ids.includes(r.id)}
                      onChange={(e) =>
                        setValue({
                          ...value,
                          require_mfa_role_ids: toggle(value.require_mfa_role_ids, r.id, e.target.checked),
                        })
                      }
                    />
                    {r.name}
                  </label>
                ))}
              </div>
              {errors.require_mfa_role_ids ? (
                <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.require_mfa_role_ids}</p>
              ) : null}
            </fieldset>
          ) : null}
          <fieldset>
            <legend className="text-sm font-medium">{p('allowedMethods')}</legend>
            <div className="mt-2 space-y-2">
              {METHODS.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    disabled={disabled}
                    checked={value.allowed_methods.includes(m)}
                    onChange={(e) =>
                      setValue({ ...value, allowed_methods: toggle(value.allowed_methods, m, e.target.checked) })
                    }
                  />
                  {t(`mfa.policy.methods.${m}`)}
                </label>
              ))}
            </div>
            {errors.allowed_methods ? (
              <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.allowed_methods}</p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={p('idle')} hint={p('idleHint')} error={errors.session_idle_minutes}>
              {(ids) => (
                <input
                  id={ids.id}
                  type="number"
                  min={SESSION_IDLE_MINUTES.min}
                  max={SESSION_IDLE_MINUTES.max}
                  aria-invalid={ids.invalid}
                  aria-describedby={ids.describedBy}
                  disabled={disabled}
                  value={idle}
                  onChange={(e) => setIdle(e.target.value)}
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField label={p('max')} hint={p('maxHint')} error={errors.session_max_hours}>
              {(ids) => (
                <input
                  id={ids.id}
                  type="number"
                  min={SESSION_MAX_HOURS.min}
                  max={SESSION_MAX_HOURS.max}
                  aria-invalid={ids.invalid}
                  aria-describedby={ids.describedBy}
                  disabled={disabled}
                  value={max}
                  onChange={(e) => setMax(e.target.value)}
                  className={inputClass}
                />
              )}
            </FormField>
          </div>
          <FormField
            label={p('supportAccess')}
            hint={props.ownOrganization ? undefined : p('supportAccessOwn')}
            error={errors.support_access}
          >
            {(ids) => (
              <select
                id={ids.id}
                aria-describedby={ids.describedBy}
                disabled={disabled || !props.ownOrganization}
                value={value.support_access}
                onChange={(e) =>
                  setValue({ ...value, support_access: e.target.value as SecurityPolicy['support_access'] })
                }
                className={inputClass}
              >
                {SUPPORT.map((s) => (
                  <option key={s} value={s}>
                    {t(`mfa.policy.supportOptions.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {props.canEdit ? (
            <button type="submit" disabled={save.isPending} className={primaryButton}>
              {save.isPending ? p('saving') : p('save')}
            </button>
          ) : null}
        </form>
      )}
    </Section>
  );
}
