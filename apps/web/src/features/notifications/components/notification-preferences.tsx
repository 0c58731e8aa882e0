import { ALARM_SEVERITIES } from '@rcm/shared/device';
import { type NotificationPreferences, preferenceIssues } from '@rcm/shared/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { Input, Options, RootError, Select } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { preferencesQuery, savePreferences } from '../api/notifications.ts';

type Field = 'quiet_hours_start' | 'quiet_hours_end' | 'time_zone';
const ISSUE_LABEL = {
  time_format: 'timeFormat',
  quiet_hours_pair: 'quietPair',
  time_zone_unknown: 'timeZoneUnknown',
} as const;

function timeZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const list =
    supported.length > 0 ? [...supported] : ['America/Chicago', 'America/Mexico_City', 'America/Monterrey', 'UTC'];
  if (!list.includes(current)) list.unshift(current);
  return list;
}

function PreferencesForm(props: { initial: NotificationPreferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    enabled: props.initial.enabled,
    min_severity: props.initial.min_severity,
    quiet_hours_start: props.initial.quiet_hours_start ?? '',
    quiet_hours_end: props.initial.quiet_hours_end ?? '',
    time_zone: props.initial.time_zone,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZones(props.initial.time_zone), [props.initial.time_zone]);
  const enabledId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      quiet_hours_start: values.quiet_hours_start.trim() || null,
      quiet_hours_end: values.quiet_hours_end.trim() || null,
    };
    const issues = preferenceIssues(body);
    setFormError(null);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [i.field, t(`notifications.${ISSUE_LABEL[i.key]}`)])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await savePreferences(body);
      queryClient.setQueryData(preferencesQuery().queryKey, saved);
      toast.success(t('notifications.saved'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.fields.length > 0) setErrors(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
      else setFormError(err.code === 'network' ? t('errors.network') : err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl">
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
        <legend className="px-1 text-base font-semibold">{t('notifications.prefsTitle')}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('notifications.prefsIntro')}</p>
        <RootError message={formError} />
        <div className="flex items-center gap-2">
          <input
            id={enabledId}
            type="checkbox"
            className="size-4 rounded border-slate-300"
            checked={values.enabled}
            onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))}
          />
          <label htmlFor={enabledId} className="text-sm font-medium">
            {t('notifications.enabled')}
          </label>
        </div>
        <Select
          label={t('notifications.minSeverity')}
          hint={t('notifications.minSeverityHint')}
          value={values.min_severity}
          onChange={(e) =>
            setValues((v) => ({ ...v, min_severity: e.target.value as NotificationPreferences['min_severity'] }))
          }
        >
          <Options values={ALARM_SEVERITIES} label={(s) => t(`severity.${s}`)} />
        </Select>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['quiet_hours_start', t('notifications.quietStart'), '22:00'],
              ['quiet_hours_end', t('notifications.quietEnd'), '06:00'],
            ] as const
          ).map(([field, label, placeholder]) => (
            <Input
              key={field}
              label={label}
              error={errors[field]}
              type="text"
              inputMode="numeric"
              placeholder={placeholder}
              maxLength={5}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
          ))}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('notifications.quietHint')}</p>
        <Select
          label={t('notifications.timeZone')}
          error={errors.time_zone}
          value={values.time_zone}
          onChange={(e) => setValues((v) => ({ ...v, time_zone: e.target.value }))}
        >
          <Options values={zones} />
        </Select>
        <SubmitButton submitting={saving} label={t('notifications.save')} busyLabel={t('notifications.saving')} />
      </fieldset>
    </form>
  );
}

/** The account page's "Email notifications" section (GET/PUT /api/account/notifications). */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const prefs = useQuery(preferencesQuery());
  return (
    <section className="mt-8" aria-label={t('notifications.prefsTitle')}>
      {prefs.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : prefs.isError ? (
        <div role="alert" className="max-w-2xl text-sm">
          <p>{t('notifications.loadError')}</p>
          <button
            type="button"
            onClick={() => void prefs.refetch()}
            className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium dark:border-slate-600"
          >
            {t('notifications.retry')}
          </button>
        </div>
      ) : (
        <PreferencesForm initial={prefs.data} />
      )}
    </section>
  );
}
