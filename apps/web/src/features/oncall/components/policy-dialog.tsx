import { type EscalationPolicy, type EscalationTarget, type PolicyBody, policyBody } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { FieldError, fieldBinder, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { teamsQuery, usersQuery } from '@/features/settings/index.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { savePolicy } from '../api/escalation-policies.ts';
import { escalationPolicyKeys, oncallKeys } from '../api/keys.ts';
import { oncallSchedulesQuery } from '../api/schedules.ts';
import { AddItemButton, OrderedItem, OwnerField, useOwnerChoice } from './editor-parts.tsx';

type StepValues = { delay_minutes: string; targets: EscalationTarget[] };
type Values = { name: string; organization_id: string; repeat: string; steps: StepValues[] };

/** Names of what a policy may page, for its targets' labels. */
export type TargetNames = {
  schedules: Map<number, string>;
  users: Map<number, string>;
  teams: Map<number, string>;
};

/** The targets' names a policy's steps and the editor show (what the caller may see). */
export function useTargetNames(enabled = true): TargetNames {
  const schedules = useQuery({ ...oncallSchedulesQuery(), enabled });
  const users = useQuery({ ...usersQuery({ per_page: 100 }), enabled });
  const teams = useQuery({ ...teamsQuery({ per_page: 100 }), enabled });
  return {
    schedules: new Map((schedules.data?.data ?? []).map((s) => [s.id, s.name])),
    users: new Map((users.data?.data ?? []).filter((u) => !u.disabled).map((u) => [u.id, u.name])),
    teams: new Map((teams.data?.data ?? []).map((x) => [x.id, x.name])),
  };
}

const keyOf = (target: EscalationTarget) => (target.type === 'members' ? 'members' : `${target.type}:${target.id}`);
function targetOf(key: string): EscalationTarget | null {
  if (key === 'members') return { type: 'members' };
  const [type, id] = key.split(':');
  if ((type === 'schedule' || type === 'user' || type === 'team') && id) return { type, id: Number(id) };
  return null;
}

/** How a target reads: "On call: Dallas nights", "Ana Díaz", "Team: Night crew", "The store's people". */
export function useTargetLabel(names: TargetNames) {
  const { t } = useTranslation();
  return (target: EscalationTarget) => {
    switch (target.type) {
      case 'members':
        return t('oncall.policies.members');
      case 'schedule':
        return t('oncall.policies.scheduleTarget', { name: names.schedules.get(target.id) ?? `#${target.id}` });
      case 'team':
        return t('oncall.policies.teamTarget', { name: names.teams.get(target.id) ?? `#${target.id}` });
      default:
        return names.users.get(target.id) ?? `#${target.id}`;
    }
  };
}

function Targets(props: {
  id: string;
  value: EscalationTarget[];
  onChange: (targets: EscalationTarget[]) => void;
  names: TargetNames;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = useTargetLabel(props.names);
  const chosen = new Set(props.value.map(keyOf));
  const group = (type: 'schedule' | 'user' | 'team', names: Map<number, string>) =>
    [...names.keys()].map((id) => ({ type, id }) as EscalationTarget).filter((x) => !chosen.has(keyOf(x)));
  const errorId = `${props.id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={props.error ? errorId : undefined}>
      <legend className="text-sm font-medium">{t('oncall.policies.targets')}</legend>
      <ul className="space-y-1">
        {props.value.map((target) => (
          <li key={keyOf(target)} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-40 grow">{label(target)}</span>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => props.onChange(props.value.filter((x) => keyOf(x) !== keyOf(target)))}
              aria-label={t('oncall.policies.removeTarget', { name: label(target) })}
            >
              {t('oncall.editor.remove')}
            </button>
          </li>
        ))}
      </ul>
      <label className="block text-sm">
        <span className="mb-1 block">{t('oncall.policies.addTarget')}</span>
        {/* Choosing adds: the list then offers the rest. */}
        <select
          value=""
          onChange={(e) => {
            const target = targetOf(e.target.value);
            if (target) props.onChange([...props.value, target]);
          }}
          className={inputClass}
        >
          <option value="">{t('oncall.policies.chooseTarget')}</option>
          {chosen.has('members') ? null : <option value="members">{t('oncall.policies.members')}</option>}
          {(
            [
              ['schedule', props.names.schedules, 'oncall.policies.schedules'],
              ['user', props.names.users, 'oncall.policies.users'],
              ['team', props.names.teams, 'oncall.policies.teams'],
            ] as const
          ).map(([type, names, title]) => (
            <optgroup key={type} label={t(title)}>
              {group(type, names).map((x) => (
                <option key={keyOf(x)} value={keyOf(x)}>
                  {label(x)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
}

function valuesOf(p: EscalationPolicy | null, organizationId: string): Values {
  if (!p)
    return { name: '', organization_id: organizationId, repeat: '0', steps: [{ delay_minutes: '0', targets: [] }] };
  return {
    name: p.name,
    organization_id: p.organization_id === null ? '' : String(p.organization_id),
    repeat: String(p.repeat),
    steps: p.steps.map((s) => ({ delay_minutes: String(s.delay_minutes), targets: s.targets })),
  };
}

// The form holds strings; the API's own schema validates what they become.
const formSchema = formBody(
  (f: Values) => ({
    name: f.name,
    organization_id: f.organization_id ? Number(f.organization_id) : null,
    repeat: Number(f.repeat),
    steps: f.steps.map((s) => ({ delay_minutes: Number(s.delay_minutes), targets: s.targets })),
  }),
  policyBody,
);

/** Creates or edits an escalation policy: ordered steps, each a delay and whom it pages, repeated N times. */
export function PolicyDialog(props: { policy: EscalationPolicy | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const names = useTargetNames(props.open);
  const owner = useOwnerChoice(props.open);
  const form = useForm<Values, unknown, PolicyBody>({
    defaultValues: valuesOf(props.policy, owner.initial),
    resolver: formResolver(formSchema, t),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const { errors } = form.formState;
  const field = fieldBinder(form.register, errors);
  const stepErrors = errors.steps as (FieldErrors<StepValues> | undefined)[] | undefined;
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      wide
      title={props.policy ? t('oncall.policies.editTitle', { name: props.policy.name }) : t('oncall.policies.newTitle')}
      form={form}
      save={(body) => savePolicy(props.policy?.id ?? null, body)}
      invalidates={[escalationPolicyKeys.all, oncallKeys.all]}
      onSaved={() => toast.success(props.policy ? t('oncall.policies.saved') : t('oncall.policies.created'))}
      submitLabel={props.policy ? t('settings.save') : t('oncall.policies.create')}
      busyLabel={t('settings.saving')}
      rootError={errors.root?.message ?? errors.steps?.root?.message ?? errors.steps?.message}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput {...field('name')} label={t('oncall.policies.name')} />
        <OwnerField reg={form.register('organization_id')} error={errors.organization_id?.message} choice={owner} />
        <TextInput
          {...field('repeat')}
          type="number"
          inputMode="numeric"
          label={t('oncall.policies.repeat')}
          hint={t('oncall.policies.repeatHint')}
        />
      </div>
      <ol className="space-y-4">
        {steps.fields.map((field, i) => {
          const se = stepErrors?.[i];
          return (
            <OrderedItem
              key={field.id}
              legend={t('oncall.policies.step', { n: i + 1 })}
              index={i}
              count={steps.fields.length}
              move={steps.move}
              labels={{ up: t('oncall.policies.stepUp'), down: t('oncall.policies.stepDown') }}
              remove={{
                label: t('oncall.policies.removeStep', { n: i + 1 }),
                allowed: steps.fields.length > 1,
                run: steps.remove,
              }}
            >
              <div className="max-w-xs">
                <TextInput
                  reg={form.register(`steps.${i}.delay_minutes`)}
                  type="number"
                  inputMode="numeric"
                  label={t('oncall.policies.delay')}
                  hint={i === 0 ? t('oncall.policies.firstDelayHint') : t('oncall.policies.delayHint')}
                  error={se?.delay_minutes?.message}
                />
              </div>
              <Controller
                control={form.control}
                name={`steps.${i}.targets`}
                render={({ field: f }) => (
                  <Targets
                    id={`step-${i}-targets`}
                    value={f.value}
                    onChange={f.onChange}
                    names={names}
                    error={se?.targets?.message ?? se?.targets?.root?.message}
                  />
                )}
              />
            </OrderedItem>
          );
        })}
      </ol>
      <AddItemButton
        count={steps.fields.length}
        onAdd={() => steps.append({ delay_minutes: '15', targets: [] })}
        label={t('oncall.policies.addStep')}
      />
    </FormDialog>
  );
}
