import { type UserUpdateBody, userUpdateBody } from '@rcm/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { dangerButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CheckboxInput, errorOf, RootError } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { resetUserMfa } from '@/features/account/index.ts';
import { failureMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';
import { deleteUser, endUserSessions, sendPasswordReset, updateUser, userQuery } from '../api/settings.ts';
import { UserFields, type UserFormValues, userFormToBody } from '../components/user-fields.tsx';

type FormValues = UserFormValues & { disabled: boolean };

// The form holds strings; the API's own schema validates what they become.
const formSchema = formBody((f: FormValues) => ({ ...userFormToBody(f), disabled: f.disabled }), userUpdateBody);

/** /settings/users/{id}/edit: the user's fields, disable/enable, a password reset email, delete. */
export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const { id: idParam } = useParams({ from: '/settings/users/$id/edit' });
  const id = Number(idParam);
  const user = useQuery({ ...userQuery(id), enabled: Number.isInteger(id) });
  const [deleting, setDeleting] = useState(false);
  const u = user.data;
  const own = u?.id === me?.id;
  const form = useForm<FormValues, unknown, UserUpdateBody>({
    values: u
      ? {
          name: u.name,
          email: u.email,
          phone: u.phone,
          role_id: String(u.role.id),
          team_id: u.team ? String(u.team.id) : '',
          organization_id: String(u.organisation.id),
          language: u.language,
          disabled: u.disabled,
        }
      : undefined,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  // Before the form holds the saved values (its first render), the saved organization decides the teams.
  const organizationId = Number(form.watch('organization_id')) || (u?.organisation.id ?? 0);

  const invalidates = [settingsKeys.kind('users')];
  const save = useApiMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(id, body),
    invalidates,
    onSuccess: async () => {
      toast.success(t('settings.saved'));
      await navigate({ to: '/settings/users' });
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));
  const resetMfa = useApiMutation({
    mutationFn: resetUserMfa,
    invalidates,
    onSuccess: () => toast.success(t('mfa.admin.resetDone', { name: u?.name })),
  });
  const remove = useApiMutation({
    mutationFn: deleteUser,
    invalidates,
    onSuccess: async () => {
      toast.success(t('accounts.users.deleted', { name: u?.name }));
      await navigate({ to: '/settings/users' });
    },
  });

  const reset = async () => {
    if (!u) return;
    try {
      const { email_sent } = await sendPasswordReset(u.id);
      if (email_sent) toast.success(t('accounts.users.resetSent', { email: u.email }));
      else toast.warning(t('accounts.users.resetNotSent', { email: u.email }));
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    }
  };

  return (
    <SettingsLayout title={t('settings.users.editTitle')} subtitle={u ? `${u.name} · ${u.email}` : undefined}>
      <QueryState pending={user.isPending} error={false} onRetry={() => void user.refetch()}>
        {!u ? (
          <p role="alert">{t('settings.notFound')}</p>
        ) : (
          <div className="max-w-2xl space-y-6">
            <form onSubmit={submit} noValidate className={`space-y-5 p-6 ${cardClass}`}>
              <RootError message={errors.root?.message} />
              <UserFields register={form.register} errors={errors} organizationId={organizationId} current={u} />
              {own ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('accounts.users.ownAccount')}</p>
              ) : (
                <CheckboxInput
                  reg={form.register('disabled')}
                  label={t('settings.users.disable')}
                  error={errorOf(errors, 'disabled')}
                />
              )}
              <SubmitButton submitting={isSubmitting} label={t('settings.save')} busyLabel={t('settings.saving')} />
            </form>
            <p className="text-sm" data-testid="user-mfa">
              <span className="font-medium">{t('mfa.admin.title')}:</span>{' '}
              {u.mfa_enrolled ? t('mfa.admin.enrolled') : t('mfa.admin.notEnrolled')}
            </p>
            <div className="flex flex-wrap gap-3">
              <button type="button" onClick={() => void reset()} disabled={u.disabled} className={secondaryButton}>
                {t('accounts.users.sendReset')}
              </button>
              {own ? null : (
                <ConfirmButton
                  label={t('accounts.users.endSessions')}
                  title={t('accounts.users.endSessionsTitle', { name: u.name })}
                  body={t('accounts.users.endSessionsBody', { name: u.name })}
                  onConfirm={async () => {
                    await endUserSessions(u.id);
                    toast.success(t('accounts.users.sessionsEnded', { name: u.name }));
                  }}
                />
              )}
              {own || !u.mfa_enrolled ? null : (
                <ConfirmButton
                  label={t('mfa.admin.reset')}
                  title={t('mfa.admin.resetTitle', { name: u.name })}
                  body={t('mfa.admin.resetBody')}
                  destructive
                  onConfirm={() => resetMfa.run(u.id)}
                />
              )}
              {own ? null : (
                <button type="button" onClick={() => setDeleting(true)} className={dangerButton}>
                  {t('accounts.users.delete')}
                </button>
              )}
            </div>
            <ConfirmDialog
              open={deleting}
              onClose={() => setDeleting(false)}
              title={t('accounts.users.deleteTitle', { name: u.name })}
              body={t('accounts.users.deleteBody', { name: u.name })}
              confirmLabel={t('accounts.users.delete')}
              destructive
              onConfirm={() => remove.run(u.id)}
            />
          </div>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
