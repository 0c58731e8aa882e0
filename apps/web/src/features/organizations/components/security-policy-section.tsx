import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS, type SecurityPolicy, securityPolicy } from '@rcm/shared/mfa';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { fieldBinder, Input, Options, RootError, Select } from '@/components/ui/form.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Section } from '@/components/ui/section.tsx';
import { saveSecurityPolicy, securityPolicyQuery } from '@/features/account/index.ts';
import { rolesQuery } from '@/features/settings/index.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
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

type Values = Omit<SecurityPolicy, 'session_idle_minutes' | 'session_max_hours'> & {
  session_idle_minutes: string;
  session_max_hours: string;
};

const valuesOf = (policy: SecurityPolicy): Values => ({
  require_mfa: policy.require_mfa,
  require_mfa_role_ids: policy.require_mfa_role_ids,
  allowed_methods: policy.allowed_methods,
  session_idle_minutes: policy.session_idle_minutes?.toString() ?? '',
  session_max_hours: policy.session_max_hours?.toString() ?? '',
  support_access: policy.support_access,
});

// The form holds the limits as typed; the API's own schema validates the policy they make.
const formSchema = formBody(
  (v: Values) => ({
    ...v,
    require_mfa_role_ids: v.require_mfa === 'roles' ? v.require_mfa_role_ids : [],
    session_idle_minutes: limit(v.session_idle_minutes),
    session_max_hours: limit(v.session_max_hours),
  }),
  securityPolicy,
);

type Props = { organizationId: number; canEdit: boolean; ownOrganization: boolean };

/**
 * Organization → Security: whether a second factor is required (of everyone or some roles), which
 * kinds, the idle and absolute session limits, and the service company's support access (changed by
 * the organization's own people only). Shown to those who view settings, changed by those who update them.
 */
export function SecurityPolicySection(props: Props) {
  const { t } = useTranslation();
  const policy = useQuery(securityPolicyQuery(props.organizationId));
  return (
    <Section id="security-policy" title={t('mfa.policy.title')}>
      <QueryState query={policy} errorLabel={t('mfa.policy.loadError')}>
        {(loaded) => <PolicyForm {...props} policy={loaded} />}
      </QueryState>
    </Section>
  );
}

/** The policy's form, built with the loaded policy (and taking it again once saved). */
function PolicyForm(props: Props & { policy: SecurityPolicy }) {
  const { t } = useTranslation();
  const roles = useQuery(rolesQuery({ per_page: 100 }));
  const form = useForm<Values, unknown, SecurityPolicy>({
    values: valuesOf(props.policy),
    resolver: formResolver(formSchema, t),
  });
  const field = fieldBinder(form.register, form.formState.errors);
  const save = useApiMutation({
    mutationFn: (body: SecurityPolicy) => saveSecurityPolicy(props.organizationId, body),
    invalidates: [securityPolicyQuery(props.organizationId).queryKey],
    onSuccess: () => toast.success(t('mfa.policy.saved')),
    showError: { form },
  });
  const p = (key: string) => t(`mfa.policy.${key}`);
  const submit = form.handleSubmit((body) => save.run(body));
  const disabled = !props.canEdit;
  const choices = (
    name: 'require_mfa_role_ids' | 'allowed_methods',
    group: Omit<Parameters<typeof ChoiceGroup<string | number>>[0], 'chosen' | 'onChange' | 'disabled'>,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f, fieldState }) => (
        <ChoiceGroup
          {...group}
          chosen={f.value}
          onChange={f.onChange}
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{p('intro')}</p>
      {disabled ? <p className="text-sm">{p('readOnly')}</p> : null}
      <RootError message={form.formState.errors.root?.message} />
      <Select
        label={p('requireMfa')}
        error={field('require_mfa').error}
        disabled={disabled}
        {...field('require_mfa').reg}
      >
        <Options values={REQUIRE} label={(r) => t(`mfa.policy.requireOptions.${r}`)} />
      </Select>
      {form.watch('require_mfa') === 'roles'
        ? choices('require_mfa_role_ids', {
            legend: p('roles'),
            className: 'mt-2 grid gap-2 sm:grid-cols-2',
            options: (roles.data?.data ?? []).map((r) => ({ value: r.id, label: r.name })),
          })
        : null}
      {choices('allowed_methods', {
        legend: p('allowedMethods'),
        className: 'mt-2 space-y-2',
        options: METHODS.map((m) => ({ value: m, label: t(`mfa.policy.methods.${m}`) })),
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['idle', 'idleHint', SESSION_IDLE_MINUTES, 'session_idle_minutes'],
            ['max', 'maxHint', SESSION_MAX_HOURS, 'session_max_hours'],
          ] as const
        ).map(([name, hint, range, key]) => (
          <Input
            key={name}
            label={p(name)}
            hint={p(hint)}
            error={field(key).error}
            type="number"
            min={range.min}
            max={range.max}
            disabled={disabled}
            {...field(key).reg}
          />
        ))}
      </div>
      <Select
        label={p('supportAccess')}
        hint={props.ownOrganization ? undefined : p('supportAccessOwn')}
        error={field('support_access').error}
        disabled={disabled || !props.ownOrganization}
        {...field('support_access').reg}
      >
        <Options values={SUPPORT} label={(s) => t(`mfa.policy.supportOptions.${s}`)} />
      </Select>
      {props.canEdit ? (
        <button type="submit" disabled={save.isPending} className={primaryButton}>
          {save.isPending ? p('saving') : p('save')}
        </button>
      ) : null}
    </form>
  );
}
