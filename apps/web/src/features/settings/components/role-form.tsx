import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from '@rcm/shared/permissions';
import type { RoleBody, SettingsRole } from '@rcm/shared/settings';
import { roleBody } from '@rcm/shared/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { apiErrors, RootError } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { RoleBadge } from '@/components/ui/role-badge.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';
import { saveRole } from '../api/settings.ts';

type Errors = Partial<Record<'name' | 'color' | 'permissions' | 'root', string>>;

/**
 * A role's name, colour (previewed as its badge) and, when `matrix`, every permission key grouped
 * and explained. Keys the editor does not hold are shown but cannot be granted (the API refuses too).
 */
export function RoleForm(props: {
  current: SettingsRole | null;
  matrix: boolean;
  onSaved: (role: SettingsRole) => unknown;
}) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [name, setName] = useState(props.current?.name ?? '');
  const [color, setColor] = useState(props.current?.color ?? '#334155');
  const [granted, setGranted] = useState<Set<string>>(new Set(props.current?.permissions ?? []));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const held = new Set(me?.permissions ?? []);
  const save = useApiMutation({
    mutationFn: (body: RoleBody) => saveRole(props.current?.id ?? null, body),
    invalidates: [settingsKeys.kind('roles')],
    onSuccess: (saved) => {
      setErrors({});
      return props.onSaved(saved);
    },
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body: RoleBody = { name, color, permissions: PERMISSIONS.filter((p) => granted.has(p)) };
    const parsed = roleBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] = field === 'name' ? t('validation.required') : t('validation.invalid');
      }
      return setErrors(next);
    }
    setSaving(true);
    try {
      await save.run(parsed.data);
    } catch (err) {
      const { fields, root } = apiErrors(err, t('errors.network'));
      setErrors({ ...Object.fromEntries(fields), root });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (p: Permission, on: boolean) =>
    setGranted((prev) => {
      const next = new Set(prev);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <RootError message={errors.root} />
      <FormField label={t('settings.roles.name')} error={errors.name}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-end gap-4">
        <FormField label={t('settings.roles.color')} error={errors.color}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="color"
              value={color}
              onChange={(e) => setColor(e.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="mt-1 h-10 w-20 rounded-md border border-slate-300 bg-white dark:border-slate-600"
            />
          )}
        </FormField>
        <div className="pb-2 text-sm">
          <span className="mr-2 text-slate-600 dark:text-slate-300">{t('settings.roles.preview')}</span>
          <RoleBadge name={name || '—'} color={color} />
        </div>
      </div>
      {props.matrix ? (
        <fieldset aria-describedby="matrix-hint">
          <legend className="text-base font-semibold">{t('settings.roles.permissions')}</legend>
          <p id="matrix-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('settings.roles.matrixHint')}
          </p>
          {errors.permissions ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {errors.permissions}
            </p>
          ) : null}
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {Object.entries(PERMISSION_GROUPS).map(([group, keys]) => (
              <fieldset key={group} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
                <legend className="px-1 text-sm font-semibold">{t(`settings.roles.groups.${group}`)}</legend>
                <ul className="space-y-3">
                  {keys.map((p) => (
                    <li key={p} className="flex gap-3">
                      <input
                        id={`perm-${p}`}
                        type="checkbox"
                        className="mt-0.5 size-4"
                        checked={granted.has(p)}
                        disabled={!held.has(p) && !granted.has(p)}
                        onChange={(e) => toggle(p, e.target.checked)}
                        aria-describedby={`perm-${p}-hint`}
                      />
                      <div>
                        <label htmlFor={`perm-${p}`} className="font-mono text-sm">
                          {p}
                        </label>
                        <p id={`perm-${p}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
                          {t(`settings.roles.explain.${p}`)}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </fieldset>
      ) : null}
      <SubmitButton
        submitting={saving}
        label={props.current ? t('settings.save') : t('settings.create')}
        busyLabel={t('settings.saving')}
      />
    </form>
  );
}
