import { type AlarmShelveBody, alarmShelveBody } from '@rcm/shared/alarms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { shelveAlarm } from '../api/alarm-actions.ts';
import { alarmKeys } from '../api/keys.ts';

/** The durations offered, from 5 minutes to a day (the API takes any whole minute in between). */
const DURATIONS = [5, 15, 30, 60, 120, 240, 480, 720, 1440] as const;

/** Shelves one alarm for a chosen time, with a reason (ISA-18.2 shelving). */
export function ShelveDialog(props: { open: boolean; onClose: () => void; alarmRef: number }) {
  const { t } = useTranslation();
  const form = useForm<AlarmShelveBody>({
    resolver: formResolver(alarmShelveBody, t),
    defaultValues: { minutes: 60, reason: '' },
  });
  const close = () => {
    form.reset();
    props.onClose();
  };
  const field = fieldBinder(form.register, form.formState.errors);
  const label = (m: number) =>
    m < 60 ? t('alarmMgmt.minutes', { count: m }) : t('alarmMgmt.hours', { count: m / 60 });
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      title={t('alarmMgmt.shelveTitle', { ref: props.alarmRef })}
      form={form}
      save={(body) => shelveAlarm(props.alarmRef, body)}
      invalidates={[alarmKeys.all]}
      onSaved={(alarm) =>
        toast.success(t('alarmMgmt.shelvedToast', { ref: alarm.ref, until: formatDateTime(alarm.shelved_until) }))
      }
      submitLabel={t('alarmMgmt.shelveConfirm')}
      busyLabel={t('alarmMgmt.shelving')}
      intro={<p className="text-sm text-slate-700 dark:text-slate-200">{t('alarmMgmt.shelveIntro')}</p>}
    >
      <SelectInput label={t('alarmMgmt.shelveFor')} {...field('minutes', { valueAsNumber: true })}>
        <Options values={DURATIONS} label={label} />
      </SelectInput>
      <TextInput label={t('alarmMgmt.shelveReason')} hint={t('alarmMgmt.shelveReasonHint')} {...field('reason')} />
    </FormDialog>
  );
}
