import {
  type MaintenanceWindowBody,
  type MaintenanceWindowPatch,
  type MaintenanceWindowView,
  maintenanceWindowBody,
  maintenanceWindowPatch,
  WEEKDAYS,
  type Weekday,
} from '@rcm/shared/maintenance';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxInput, errorOf, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { zoneInput, zoneInstant } from '@/lib/zone-time.ts';
import { maintenanceKeys } from '../api/keys.ts';
import { createWindow, updateWindow } from '../api/windows.ts';

/** Where a new window may apply from the page it is opened on. */
export type WindowPlace = {
  locationId: number;
  timeZone: string;
  /** On a controller's page: the controller and its racks. */
  controller?: { id: number; racks: string[] };
};

type FormValues = {
  place: string;
  starts_at: string;
  ends_at: string;
  repeat: boolean;
  recurrence: { days: Weekday[]; from: string; to: string };
  reason: string;
};

function defaults(editing: MaintenanceWindowView | null, place: WindowPlace): FormValues {
  if (editing) {
    return {
      place: editing.rack ? `rack:${editing.rack}` : editing.controller ? 'controller' : 'location',
      starts_at: zoneInput(editing.starts_at, place.timeZone),
      ends_at: zoneInput(editing.ends_at, place.timeZone),
      repeat: editing.recurrence !== null,
      recurrence: editing.recurrence ?? { days: [...WEEKDAYS], from: '02:00', to: '03:00' },
      reason: editing.reason,
    };
  }
  const now = new Date();
  return {
    place: place.controller ? 'controller' : 'location',
    starts_at: zoneInput(now.toISOString(), place.timeZone),
    ends_at: zoneInput(new Date(now.getTime() + 2 * 3_600_000).toISOString(), place.timeZone),
    repeat: false,
    recurrence: { days: [...WEEKDAYS], from: '02:00', to: '03:00' },
    reason: '',
  };
}

/** The API's body of what the form holds: the store's wall-clock times as instants, the place chosen. */
function bodyOf(v: FormValues, place: WindowPlace, editing: boolean): MaintenanceWindowBody | MaintenanceWindowPatch {
  const times = {
    starts_at: zoneInstant(v.starts_at, place.timeZone),
    ends_at: zoneInstant(v.ends_at, place.timeZone),
    recurrence: v.repeat ? v.recurrence : null,
    reason: v.reason,
  };
  if (editing) return times;
  const c = place.controller;
  const where =
    v.place === 'location' || !c
      ? { location_id: place.locationId }
      : v.place === 'controller'
        ? { controller_id: c.id }
        : { controller_id: c.id, rack: v.place.slice('rack:'.length) };
  return { ...where, ...times };
}

/**
 * Creates or edits a maintenance window (a place, a span, an optional weekly repetition, a reason).
 * Mounted only while open: its starting values are read once (the new window starts at the current
 * minute), so a later render of the page never resets what the user typed.
 */
export function WindowForm(props: { onClose: () => void; place: WindowPlace; editing: MaintenanceWindowView | null }) {
  const { t } = useTranslation();
  const { editing, place } = props;
  // Read once, as the starting values are: the inputs hold the store's wall-clock time.
  const [formSchema] = useState(() =>
    z.preprocess(
      (v) => bodyOf(v as FormValues, place, editing !== null),
      editing ? maintenanceWindowPatch : maintenanceWindowBody,
    ),
  );
  const form = useForm<FormValues, unknown, MaintenanceWindowBody | MaintenanceWindowPatch>({
    defaultValues: defaults(editing, place),
    resolver: formResolver(formSchema, t),
  });
  const repeat = form.watch('repeat');
  const errors = form.formState.errors;
  const save = useApiMutation({
    mutationFn: (body: MaintenanceWindowBody | MaintenanceWindowPatch) =>
      editing ? updateWindow(editing.id, body) : createWindow(body as MaintenanceWindowBody),
    invalidates: [maintenanceKeys.all],
    onSuccess: () => props.onClose(),
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));
  const dayError = errors.recurrence?.days?.message;
  return (
    <Modal open onClose={props.onClose} title={props.editing ? t('alarmMgmt.editWindow') : t('alarmMgmt.addWindow')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('alarmMgmt.windowsIntro')}</p>
        <RootError message={errors.root?.message} />
        {props.editing ? null : (
          <SelectInput label={t('alarmMgmt.windowApplies')} reg={form.register('place')}>
            <option value="location">{t('alarmMgmt.wholeLocation')}</option>
            {props.place.controller ? <option value="controller">{t('alarmMgmt.wholeController')}</option> : null}
            {(props.place.controller?.racks ?? []).map((r) => (
              <option key={r} value={`rack:${r}`}>
                {t('alarmMgmt.rackOnly', { rack: r })}
              </option>
            ))}
          </SelectInput>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            type="datetime-local"
            label={t('alarmMgmt.startsAt')}
            reg={form.register('starts_at', { required: t('validation.required') })}
            error={errorOf(errors, 'starts_at')}
          />
          <TextInput
            type="datetime-local"
            label={t('alarmMgmt.endsAt')}
            reg={form.register('ends_at', { required: t('validation.required') })}
            error={errorOf(errors, 'ends_at')}
          />
          <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">
            {t('alarmMgmt.oneOffHint', { zone: props.place.timeZone })}
          </p>
        </div>
        <CheckboxInput label={t('alarmMgmt.repeat')} reg={form.register('repeat')} />
        {repeat ? (
          <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">{t('alarmMgmt.days')}</legend>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {t('alarmMgmt.repeatHint', { zone: props.place.timeZone })}
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAYS.map((d) => (
                <label key={d} className="inline-flex items-center gap-1.5 text-sm">
                  <input type="checkbox" value={d} className="size-4" {...form.register('recurrence.days')} />
                  <span aria-hidden="true">{t(`alarmMgmt.dayNames.${d}`)}</span>
                  <span className="sr-only">{t(`alarmMgmt.dayFull.${d}`)}</span>
                </label>
              ))}
            </div>
            {dayError ? <p className="text-sm text-red-700 dark:text-red-300">{dayError}</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                type="time"
                label={t('alarmMgmt.dailyFrom')}
                reg={form.register('recurrence.from')}
                error={errors.recurrence?.from?.message}
              />
              <TextInput
                type="time"
                label={t('alarmMgmt.dailyTo')}
                reg={form.register('recurrence.to')}
                error={errors.recurrence?.to?.message}
              />
            </div>
          </fieldset>
        ) : null}
        <TextInput
          label={t('alarmMgmt.windowReason')}
          hint={t('alarmMgmt.windowReasonHint')}
          reg={form.register('reason', { required: t('validation.required') })}
          error={errorOf(errors, 'reason')}
        />
        <FormActions
          onCancel={props.onClose}
          submitting={form.formState.isSubmitting}
          label={t('alarmMgmt.saveWindow')}
          busyLabel={t('alarmMgmt.saving')}
        />
      </form>
    </Modal>
  );
}
