import { newPassword } from '@rcm/shared/accounts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AuthCard } from '@/components/auth-card.tsx';
import { Spinner } from '@/components/page.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { applyServerErrors, RootError } from '@/components/ui/form.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { passwordLinkQuery, resetPassword } from '../api/accounts.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

const formSchema = z
  .object({ password: newPassword, password_again: z.string() })
  .refine((v) => v.password === v.password_again, { path: ['password_again'], message: 'password_mismatch' });
type FormValues = z.input<typeof formSchema>;

/** /user/reset-password?token=…: choose a password through an emailed link (a reset or a new account). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ from: '/user/reset-password' });
  const link = useQuery({ ...passwordLinkQuery(token), enabled: token !== '' });
  const form = useForm<FormValues>({
    defaultValues: { password: '', password_again: '' },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password });
      await navigate({ to: '/user/login', search: { notice: 'password_saved' } });
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });

  const invalid = token === '' || link.isError;
  const title = invalid
    ? t('accounts.reset.invalidTitle')
    : link.data?.purpose === 'invite'
      ? t('accounts.reset.titleInvite')
      : t('accounts.reset.titleReset');
  const invalidMessage =
    link.error instanceof ApiError && link.error.code === 'network'
      ? t('errors.network')
      : t('accounts.reset.invalidBody');

  return (
    <AuthCard
      title={title}
      subtitle={
        link.data ? t('accounts.reset.forAccount', { name: link.data.name, email: link.data.email }) : undefined
      }
    >
      {invalid ? (
        <div className="space-y-4 text-sm">
          <p role="alert">{invalidMessage}</p>
          <Link to="/user/forgot-password" className={linkClass}>
            {t('accounts.reset.askAgain')}
          </Link>
        </div>
      ) : link.isPending ? (
        <Spinner label={t('accounts.reset.checking')} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <RootError message={errors.root?.message} />
          <input type="email" autoComplete="username" value={link.data.email} readOnly hidden />
          <NewPasswordFields
            register={form.register}
            errors={errors}
            labels={{ password: t('accounts.reset.password'), again: t('accounts.reset.passwordAgain') }}
          />
          <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full`}>
            {isSubmitting ? t('accounts.reset.submitting') : t('accounts.reset.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
