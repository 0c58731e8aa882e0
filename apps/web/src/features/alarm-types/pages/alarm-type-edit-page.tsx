import { type AlarmTypeBody, alarmTypeBody, COMPARATORS, SEVERITIES } from '@rcm/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { CheckboxInput, fieldBinder, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { sharedPoliciesQuery } from '@/features/oncall/index.ts';
import { alarmTypeQuery, settingsKeys, updateAlarmType } from '@/features/settings/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { watchesLabel } from '../components/alarm-type-watches.ts';

type FormValues = {
  name: string;
  name_es: string;
  comparator: string;
  threshold: string;
  hysteresis: string;
  delay_seconds: string;
  severity: string;
  auto_clear: boolean;
  enabled: boolean;
  escalation_policy_id: string;
  chatter_count: string;
  chatter_minutes: string;
  defrost_recovery_minutes: string;
  product_probe_minutes: string;
};

const optionalInt = (v: string) => (v.trim() === '' ? null : Number(v));

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const formSchema = formBody(
  (f: FormValues) => ({
    ...f,
    threshold: f.threshold.trim() === '' ? null : Number(f.threshold),
    hysteresis: num(f.hysteresis),
    delay_seconds: num(f.delay_seconds),
    escalation_policy_id: optionalInt(f.escalation_policy_id),
    chatter_count: num(f.chatter_count),
    chatter_minutes: num(f.chatter_minutes),
    defrost_recovery_minutes: num(f.defrost_recovery_minutes),
    product_probe_minutes: optionalInt(f.product_probe_minutes),
  }),
  alarmTypeBody,
);

/** A titled group of the form's fields, with the line that explains it (`hint`) first. */
function FieldGroup(props: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{props.legend}</legend>
      {props.hint ? <p className="text-xs text-slate-600 dark:text-slate-300">{props.hint}</p> : null}
      {props.children}
    </fieldset>
  );
}

/**
 * /settings/alarm-types/{id}/edit: open to settings viewers (docs/requirements.md), saving needs `settings_update` and,
 * as the catalogue is shared by every organization, `organization_view_all`.
 */
export function AlarmTypeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const canSave = userCan(me, 'alarmType.edit');
  const { id: idParam } = useParams({ from: '/settings/alarm-types/$id/edit' });
  const id = Number(idParam);
  const type = useQuery({ ...alarmTypeQuery(id), enabled: Number.isInteger(id) });
  const policies = useQuery(sharedPoliciesQuery());
  const a = type.data;
  const form = useForm<FormValues, unknown, AlarmTypeBody>({
    values: a
      ? {
          name: a.name,
          name_es: a.name_es,
          comparator: a.comparator,
          threshold: a.threshold === null ? '' : String(a.threshold),
          hysteresis: String(a.hysteresis),
          delay_seconds: String(a.delay_seconds),
          severity: a.severity,
          auto_clear: a.auto_clear,
          enabled: a.enabled,
          escalation_policy_id: a.escalation_policy_id === null ? '' : String(a.escalation_policy_id),
          chatter_count: String(a.chatter_count),
          chatter_minutes: String(a.chatter_minutes),
          defrost_recovery_minutes: String(a.defrost_recovery_minutes),
          product_probe_minutes: a.product_probe_minutes === null ? '' : String(a.product_probe_minutes),
        }
      : undefined,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const save = useApiMutation({
    mutationFn: (body: AlarmTypeBody) => updateAlarmType(id, body),
    invalidates: [settingsKeys.kind('alarm-types')],
    onSuccess: async () => {
      toast.success(t('settings.saved'));
      await navigate({ to: '/settings/alarm-types' });
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));
  const field = fieldBinder(form.register, errors);
  /** One of the form's number fields (`step` "any" for a value with decimals). */
  const numberInput = (name: keyof FormValues, label: string, hint?: string, step?: string) => (
    <TextInput {...field(name)} type="number" step={step} label={label} hint={hint} />
  );
  // A device raises and clears its own alarms; a status alarm follows the status a point reports (it
  // waits the delay): neither compares a value with a threshold.
  const byDevice = a?.source === 'device';
  const compares = !byDevice && a?.source !== 'status';

  return (
    <SettingsLayout
      title={t('settings.alarmTypes.editTitle')}
      subtitle={a ? `${a.code} · ${watchesLabel(a, t)}` : undefined}
    >
      <QueryState pending={type.isPending} error={false} onRetry={() => void type.refetch()}>
        {!a ? (
          <p role="alert">{t('settings.notFound')}</p>
        ) : (
          <form onSubmit={submit} noValidate className={`max-w-2xl space-y-5 p-6 ${cardClass}`}>
            {canSave ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('settings.alarmTypes.engineNote')}</p>
            ) : (
              <p className="rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">{t('settings.readOnly')}</p>
            )}
            <RootError message={errors.root?.message} />
            <fieldset disabled={!canSave} className="space-y-5">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput {...field('name')} label={t('settings.alarmTypes.name')} />
                <TextInput {...field('name_es')} label={t('settings.alarmTypes.nameEs')} />
              </div>
              {byDevice ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('settings.alarmTypes.deviceNote')}</p>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                {compares ? (
                  <>
                    <SelectInput {...field('comparator')} label={t('settings.alarmTypes.comparator')}>
                      <Options values={COMPARATORS} label={(c) => t(`settings.alarmTypes.comparators.${c}`)} />
                    </SelectInput>
                    {numberInput(
                      'threshold',
                      t('settings.alarmTypes.threshold'),
                      t('settings.alarmTypes.thresholdHint'),
                      'any',
                    )}
                    {numberInput(
                      'hysteresis',
                      t('settings.alarmTypes.hysteresis'),
                      t('settings.alarmTypes.hysteresisHint'),
                      'any',
                    )}
                  </>
                ) : null}
                {byDevice
                  ? null
                  : numberInput('delay_seconds', t('settings.alarmTypes.delay'), t('settings.alarmTypes.delayHint'))}
                <SelectInput {...field('severity')} label={t('settings.alarmTypes.severity')}>
                  <Options values={SEVERITIES} label={(s) => t(`severity.${s}`)} />
                </SelectInput>
              </div>
              <FieldGroup legend={t('alarmMgmt.chattering')} hint={t('alarmMgmt.chatterHint')}>
                <div className="grid gap-4 sm:grid-cols-2">
                  {numberInput('chatter_count', t('alarmMgmt.chatterCount'))}
                  {numberInput('chatter_minutes', t('alarmMgmt.chatterMinutes'))}
                </div>
              </FieldGroup>
              {a?.source === 'point' && (
                <FieldGroup legend={t('cases.editor.legend')} hint={t('cases.editor.hint')}>
                  <div className="grid gap-4 sm:grid-cols-2">
                    {numberInput('defrost_recovery_minutes', t('cases.editor.recovery'))}
                    {numberInput('product_probe_minutes', t('cases.editor.probe'), t('cases.editor.probeHint'))}
                  </div>
                </FieldGroup>
              )}
              <FieldGroup legend={t('settings.alarmTypes.escalation')}>
                <SelectInput
                  {...field('escalation_policy_id')}
                  label={t('settings.alarmTypes.escalationPolicy')}
                  hint={t('settings.alarmTypes.escalationPolicyHint')}
                >
                  <option value="">{t('settings.alarmTypes.defaultPolicy')}</option>
                  {(policies.data ?? [])
                    .filter((p) => !p.is_default)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                </SelectInput>
              </FieldGroup>
              <CheckboxInput reg={form.register('auto_clear')} label={t('settings.alarmTypes.autoClear')} />
              <CheckboxInput reg={form.register('enabled')} label={t('settings.alarmTypes.enabled')} />
              {canSave ? (
                <SubmitButton submitting={isSubmitting} label={t('settings.save')} busyLabel={t('settings.saving')} />
              ) : null}
            </fieldset>
          </form>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
