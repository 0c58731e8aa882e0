import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS, type SecurityPolicy } from '@rcm/shared/mfa';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { apiErrors, Input, Options, RootError } from '@/components/ui/form.tsx';
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

/** A fieldset of checkboxes, one an option: `chosen` holds the values checked, in the order checked. */
function ChoiceGroup<T extends string | number>(props: {
  legend: string;
  /** Classes of the box around the options (their layout). */
  className: string;
  options: { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const others = (item: T) => props.chosen.filter((x) => x !== item);
  return (
    <fieldset>
      <legend className="text-sm font-medium">{props.legend}</legend>
      <div className={props.className}>
        {props.options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              disabled={props.disabled}
              checked={props.chosen.includes(o.value)}
              onChange={(e) => props.onChange(e.target.checked ? [...others(o.value), o.value] : others(o.value))}
            />
            {o.label}
          </label>
        ))}
      </div>
      {props.error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{props.error}</p> : null}
    </fieldset>
  );
}

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
                <Options values={REQUIRE} label={(r) => t(`mfa.policy.requireOptions.${r}`)} />
              </select>
            )}
          </FormField>
          {value.require_mfa === 'roles' ? (
            <ChoiceGroup
              legend={p('roles')}
              className="mt-2 grid gap-2 sm:grid-cols-2"
              options={(roles.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              chosen={value.require_mfa_role_ids}
              onChange={(ids) => setValue({ ...value, require_mfa_role_ids: ids })}
              disabled={disabled}
              error={errors.require_mfa_role_ids}
            />
          ) : null}
          <ChoiceGroup
            legend={p('allowedMethods')}
            className="mt-2 space-y-2"
            options={METHODS.map((m) => ({ value: m, label: t(`mfa.policy.methods.${m}`) }))}
            chosen={value.allowed_methods}
            onChange={(methods) => setValue({ ...value, allowed_methods: methods })}
            disabled={disabled}
            error={errors.allowed_methods}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ['idle', 'idleHint', SESSION_IDLE_MINUTES, idle, setIdle, errors.session_idle_minutes],
                ['max', 'maxHint', SESSION_MAX_HOURS, max, setMax, errors.session_max_hours],
              ] as const
            ).map(([name, hint, range, text, setText, error]) => (
              <Input
                key={name}
                label={p(name)}
                hint={p(hint)}
                error={error}
                type="number"
                min={range.min}
                max={range.max}
                disabled={disabled}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            ))}
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
                <Options values={SUPPORT} label={(s) => t(`mfa.policy.supportOptions.${s}`)} />
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
