import {
  REFRIGERANT_EVENT_TYPES,
  type RefrigerantEvent,
  type RefrigerantEventBody,
  refrigerantEventBody,
} from '@rcm/shared/refrigerant';
import { massUnitFor } from '@rcm/shared/units';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorAt, fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { formatDay, formatNumber } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { userCan } from '@/lib/user-can.ts';
import { zoneInput, zoneInstant } from '@/lib/zone-time.ts';
import { refrigerantKeys } from '../api/keys.ts';
import { controllerJobsQuery, logEvent } from '../api/refrigerant.ts';
import { MassFields } from './mass-fields.tsx';

type FormValues = {
  type: string;
  at: string;
  amount: string;
  unit: string;
  technician: string;
  certification_number: string;
  result: string;
  test_kind: string;
  leak_location: string;
  notes: string;
  job_id: string;
  corrects_event_id: string;
};

const optional = (v: string) => (v.trim() === '' ? undefined : v);
const optionalId = (v: string) => (v === '' ? undefined : Number(v));

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  const withAmount = f.type === 'charge' || f.type === 'recovery';
  return {
    type: f.type || undefined,
    at: zoneInstant(f.at) || undefined,
    amount: withAmount && f.amount !== '' ? { value: Number(f.amount), unit: f.unit } : undefined,
    technician: f.technician,
    certification_number: optional(f.certification_number),
    result: optional(f.result),
    test_kind: f.type === 'verification_test' ? optional(f.test_kind) : undefined,
    leak_location: f.type === 'leak_inspection' ? optional(f.leak_location) : undefined,
    notes: optional(f.notes),
    job_id: optionalId(f.job_id),
    corrects_event_id: optionalId(f.corrects_event_id),
  };
}, refrigerantEventBody);

const RESULTS: Record<string, string[]> = {
  leak_inspection: ['found', 'not_found'],
  verification_test: ['passed', 'failed'],
};

/** Appends an entry to a rack's refrigerant log (entries are never edited; a correction names the entry it corrects). */
export function EventDialog(props: {
  open: boolean;
  onClose: () => void;
  controllerId: number;
  rackRef: string;
  events: RefrigerantEvent[];
  /** The entry type the form starts with (default: a charge). */
  initialType?: RefrigerantEventBody['type'];
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const jobs = useQuery({
    ...controllerJobsQuery(props.controllerId),
    enabled: props.open && userCan(user, 'job.view'),
  });
  const form = useForm<FormValues, unknown, RefrigerantEventBody>({
    defaultValues: {
      type: props.initialType ?? 'charge',
      at: zoneInput(new Date()),
      amount: '',
      unit: massUnitFor(i18n.language),
      technician: user?.name ?? '',
      certification_number: '',
      result: '',
      test_kind: 'initial',
      leak_location: '',
      notes: '',
      job_id: '',
      corrects_event_id: '',
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  const message = (name: string) => errorAt(errors, name);
  const field = fieldBinder(form.register, errors);

  const correctable = props.events.filter((e) => e.corrected_by_event_id === null);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('refrigerant.logTitle', { ref: props.rackRef })}
      wide
      form={form}
      save={(body) => logEvent(props.controllerId, props.rackRef, body)}
      invalidates={[refrigerantKeys.rack(props.controllerId, props.rackRef)]}
      onSaved={(res) => {
        const e = res.data;
        if (e.repair_due_by && e.leak_rate_percent !== null) {
          toast.warning(
            t('refrigerant.loggedOver', {
              rate: formatNumber(e.leak_rate_percent, 2),
              threshold: res.system?.leak_rate_threshold_percent ?? '',
              date: formatDay(e.repair_due_by),
            }),
          );
        } else toast.success(t('refrigerant.logged'));
        form.reset();
      }}
      submitLabel={t('refrigerant.save')}
      busyLabel={t('refrigerant.saving')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label={t('refrigerant.type')} {...field('type')}>
          <Options values={REFRIGERANT_EVENT_TYPES} label={(ty) => t(`refrigerant.type_${ty}`)} />
        </SelectInput>
        <TextInput label={t('refrigerant.at')} type="datetime-local" {...field('at')} />
        {type === 'charge' || type === 'recovery' ? (
          <MassFields
            className="grid grid-cols-2 gap-3"
            label={t('refrigerant.amount')}
            amount={form.register('amount')}
            unit={form.register('unit')}
            amountError={message('amount.value') ?? message('amount')}
          />
        ) : null}
        {RESULTS[type] ? (
          <SelectInput label={t('refrigerant.result')} {...field('result')}>
            <option value="">{t('refrigerant.chooseOption')}</option>
            {RESULTS[type]?.map((r) => (
              <option key={r} value={r}>
                {t(`refrigerant.result_${r}`)}
              </option>
            ))}
          </SelectInput>
        ) : null}
        {type === 'verification_test' ? (
          <SelectInput label={t('refrigerant.testKind')} {...field('test_kind')}>
            <option value="initial">{t('refrigerant.testKind_initial')}</option>
            <option value="follow_up">{t('refrigerant.testKind_follow_up')}</option>
          </SelectInput>
        ) : null}
        {type === 'leak_inspection' ? (
          <TextInput label={t('refrigerant.leakLocation')} {...field('leak_location')} />
        ) : null}
        <TextInput label={t('refrigerant.technician')} {...field('technician')} />
        <TextInput label={t('refrigerant.certificationNumber')} {...field('certification_number')} />
        {jobs.data ? (
          <SelectInput label={t('refrigerant.job')} {...field('job_id')}>
            <option value="">{t('refrigerant.noJob')}</option>
            {jobs.data.map((j) => (
              <option key={j.id} value={j.id}>
                {j.number} · {j.title}
              </option>
            ))}
          </SelectInput>
        ) : null}
        <SelectInput label={t('refrigerant.corrects')} {...field('corrects_event_id')}>
          <option value="">{t('refrigerant.noCorrection')}</option>
          {correctable.map((e) => (
            <option key={e.id} value={e.id}>
              {t('refrigerant.entryNumber', { id: e.id })} · {t(`refrigerant.type_${e.type}`)} ·{' '}
              {formatDay(e.at.slice(0, 10))}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextInput label={t('refrigerant.notes')} {...field('notes')} />
    </FormDialog>
  );
}
