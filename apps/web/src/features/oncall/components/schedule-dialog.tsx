import { ONCALL_DAYS, type OncallSchedule, type ScheduleBody, scheduleBody } from '@rcm/shared/oncall';
import { TIME_ZONES } from '@rcm/shared/organizations';
import { useQuery } from '@tanstack/react-query';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxInput, FieldError, fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { usersQuery } from '@/features/settings/index.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { zoneInput, zoneInstant } from '@/lib/zone-time.ts';
import { oncallKeys } from '../api/keys.ts';
import { saveSchedule } from '../api/schedules.ts';
import { AddItemButton, OrderedItem, OwnerField, useOwnerChoice } from './editor-parts.tsx';
import { Participants } from './participants.tsx';

type Day = (typeof ONCALL_DAYS)[number];
type LayerValues = {
  name: string;
  user_ids: number[];
  /** `datetime-local` text on the schedule zone's clock. */
  starts_at: string;
  shift_hours: string;
  restricted: boolean;
  restrict: { days: Day[]; from: string; to: string };
};
type Values = { name: string; organization_id: string; time_zone: string; layers: LayerValues[] };

const NEW_RESTRICTION = { days: [...ONCALL_DAYS], from: '18:00', to: '08:00' };

function newLayer(zone: string): LayerValues {
  const start = new Date();
  start.setUTCHours(start.getUTCHours() + 1, 0, 0, 0);
  return {
    name: '',
    user_ids: [],
    starts_at: zoneInput(start.toISOString(), zone).replace(/T\d\d:\d\d$/, 'T08:00'),
    shift_hours: '168',
    restricted: false,
    restrict: { ...NEW_RESTRICTION, days: [...NEW_RESTRICTION.days] },
  };
}

function valuesOf(s: OncallSchedule | null, organizationId: string, zone: string): Values {
  if (!s) return { name: '', organization_id: organizationId, time_zone: zone, layers: [newLayer(zone)] };
  return {
    name: s.name,
    organization_id: s.organization_id === null ? '' : String(s.organization_id),
    time_zone: s.time_zone,
    layers: s.layers.map((l) => ({
      name: l.name,
      user_ids: l.users.map((u) => u.id),
      starts_at: zoneInput(l.starts_at, s.time_zone),
      shift_hours: String(l.shift_hours),
      restricted: l.restrict !== null,
      restrict: l.restrict ?? { ...NEW_RESTRICTION, days: [...NEW_RESTRICTION.days] },
    })),
  };
}

function bodyOf(v: Values): ScheduleBody {
  return {
    name: v.name,
    organization_id: v.organization_id ? Number(v.organization_id) : null,
    time_zone: v.time_zone,
    layers: v.layers.map((l) => ({
      name: l.name,
      user_ids: l.user_ids,
      starts_at: zoneInstant(l.starts_at, v.time_zone),
      shift_hours: Number(l.shift_hours),
      restrict: l.restricted ? l.restrict : null,
    })),
  };
}

// The form holds strings and the schedule clock's wall times; the API's own schema validates the body.
const formSchema = z.preprocess((v) => bodyOf(v as Values), scheduleBody);

/** Creates or edits a schedule: its name, owner, time zone and layers (later layers win where they cover). */
export function ScheduleDialog(props: { schedule: OncallSchedule | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const people = useQuery({ ...usersQuery({ per_page: 100 }), enabled: props.open });
  const owner = useOwnerChoice(props.open, props.schedule?.organisation);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const form = useForm<Values, unknown, ScheduleBody>({
    defaultValues: valuesOf(props.schedule, owner.initial, TIME_ZONES.includes(zone) ? zone : 'America/Chicago'),
    resolver: formResolver(formSchema, t),
  });
  const layers = useFieldArray({ control: form.control, name: 'layers' });
  const { errors } = form.formState;
  const field = fieldBinder(form.register, errors);
  const layerErrors = errors.layers as (FieldErrors<LayerValues> | undefined)[] | undefined;
  const activePeople = (people.data?.data ?? []).filter((u) => !u.disabled).map((u) => ({ id: u.id, name: u.name }));
  const watched = form.watch('layers');
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      wide
      title={props.schedule ? t('oncall.editor.editTitle', { name: props.schedule.name }) : t('oncall.editor.newTitle')}
      form={form}
      save={(body) => saveSchedule(props.schedule?.id ?? null, body)}
      invalidates={[oncallKeys.all]}
      onSaved={() => toast.success(props.schedule ? t('oncall.editor.saved') : t('oncall.editor.created'))}
      submitLabel={props.schedule ? t('settings.save') : t('oncall.editor.create')}
      busyLabel={t('settings.saving')}
      rootError={errors.root?.message ?? errors.layers?.root?.message ?? errors.layers?.message}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput {...field('name')} label={t('oncall.editor.name')} />
        <OwnerField reg={form.register('organization_id')} error={errors.organization_id?.message} choice={owner} />
        <SelectInput {...field('time_zone')} label={t('oncall.editor.timeZone')}>
          <Options values={TIME_ZONES} />
        </SelectInput>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('oncall.editor.layersHint')}</p>
      <ol className="space-y-4">
        {layers.fields.map((field, i) => {
          const le = layerErrors?.[i];
          const restricted = watched[i]?.restricted;
          return (
            <OrderedItem
              key={field.id}
              legend={t('oncall.editor.layer', { n: i + 1 })}
              index={i}
              count={layers.fields.length}
              move={layers.move}
              labels={{ up: t('oncall.editor.layerUp'), down: t('oncall.editor.layerDown') }}
              remove={{ label: t('oncall.editor.removeLayer', { n: i + 1 }), allowed: true, run: layers.remove }}
            >
              <div className="grid gap-4 sm:grid-cols-3">
                <TextInput
                  reg={form.register(`layers.${i}.name`)}
                  label={t('oncall.editor.layerName')}
                  error={le?.name?.message}
                />
                <TextInput
                  reg={form.register(`layers.${i}.starts_at`)}
                  type="datetime-local"
                  label={t('oncall.editor.startsAt')}
                  hint={t('oncall.editor.startsAtHint')}
                  error={le?.starts_at?.message}
                />
                <TextInput
                  reg={form.register(`layers.${i}.shift_hours`)}
                  type="number"
                  inputMode="numeric"
                  label={t('oncall.editor.shiftHours')}
                  hint={t('oncall.editor.shiftHoursHint')}
                  error={le?.shift_hours?.message}
                />
              </div>
              <Controller
                control={form.control}
                name={`layers.${i}.user_ids`}
                render={({ field: f }) => (
                  <Participants
                    id={`layer-${i}-people`}
                    value={f.value}
                    onChange={f.onChange}
                    people={activePeople}
                    error={le?.user_ids?.message}
                  />
                )}
              />
              <CheckboxInput reg={form.register(`layers.${i}.restricted`)} label={t('oncall.editor.restrict')} />
              {restricted ? (
                <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                  <legend className="px-1 text-sm font-medium">{t('alarmMgmt.days')}</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    {ONCALL_DAYS.map((d) => (
                      <label key={d} className="inline-flex items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          value={d}
                          className="size-4"
                          {...form.register(`layers.${i}.restrict.days`)}
                        />
                        <span aria-hidden="true">{t(`alarmMgmt.dayNames.${d}`)}</span>
                        <span className="sr-only">{t(`alarmMgmt.dayFull.${d}`)}</span>
                      </label>
                    ))}
                  </div>
                  <FieldError id={`layer-${i}-days-error`} message={le?.restrict?.days?.message} />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextInput
                      reg={form.register(`layers.${i}.restrict.from`)}
                      type="time"
                      label={t('alarmMgmt.dailyFrom')}
                      error={le?.restrict?.from?.message}
                    />
                    <TextInput
                      reg={form.register(`layers.${i}.restrict.to`)}
                      type="time"
                      label={t('alarmMgmt.dailyTo')}
                      hint={t('oncall.editor.restrictHint')}
                      error={le?.restrict?.to?.message}
                    />
                  </div>
                </fieldset>
              ) : null}
            </OrderedItem>
          );
        })}
      </ol>
      <AddItemButton
        count={layers.fields.length}
        onAdd={() => layers.append(newLayer(form.getValues('time_zone')))}
        label={t('oncall.editor.addLayer')}
      />
    </FormDialog>
  );
}
