import { type OncallSchedule, type OverrideBody, overrideBody } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldBinder, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { usersQuery } from '@/features/settings/index.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { zoneInput, zoneInstant } from '@/lib/zone-time.ts';
import { oncallKeys } from '../api/keys.ts';
import { addOverride } from '../api/schedules.ts';

type Values = { user_id: string; starts_at: string; ends_at: string };

/**
 * Puts one person on call over a period (a swap or sick cover), over every layer of the schedule. The
 * period is on the schedule's clock, as its rota reads.
 */
export function OverrideDialog(props: {
  schedule: OncallSchedule;
  open: boolean;
  onClose: () => void;
  /** The period offered: a shift clicked, or the next 12 hours. */
  period: { from: Date; to: Date };
}) {
  const { t } = useTranslation();
  const people = useQuery({ ...usersQuery({ per_page: 100 }), enabled: props.open });
  const zone = props.schedule.time_zone;
  // The form holds the schedule clock's wall times; the API's schema validates the instants they name.
  const formSchema = formBody(
    (f: Values) => ({
      user_id: f.user_id ? Number(f.user_id) : undefined,
      starts_at: zoneInstant(f.starts_at, zone) || undefined,
      ends_at: zoneInstant(f.ends_at, zone) || undefined,
    }),
    overrideBody,
  );
  const form = useForm<Values, unknown, OverrideBody>({
    values: {
      user_id: '',
      starts_at: zoneInput(props.period.from, zone),
      ends_at: zoneInput(props.period.to, zone),
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors } = form.formState;
  const field = fieldBinder(form.register, errors);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('settings.oncall.overrideTitle', { name: props.schedule.name })}
      form={form}
      save={(body) => addOverride(props.schedule.id, body)}
      invalidates={[oncallKeys.all]}
      onSaved={() => toast.success(t('settings.oncall.overrideAdded'))}
      submitLabel={t('settings.oncall.addOverride')}
      busyLabel={t('settings.saving')}
    >
      <SelectInput {...field('user_id')} label={t('settings.oncall.person')}>
        <option value="">{t('settings.oncall.choosePerson')}</option>
        {(people.data?.data ?? [])
          .filter((u) => !u.disabled)
          .map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} · {u.email}
            </option>
          ))}
      </SelectInput>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...field('starts_at')}
          type="datetime-local"
          label={t('settings.oncall.from')}
          hint={t('settings.oncall.timesIn', { zone })}
        />
        <TextInput
          {...field('ends_at')}
          type="datetime-local"
          label={t('settings.oncall.to')}
          hint={t('settings.oncall.timesIn', { zone })}
        />
      </div>
    </FormDialog>
  );
}
