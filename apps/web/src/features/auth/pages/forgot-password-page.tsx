import { type ForgotPasswordBody, forgotPasswordBody } from '@rcm/shared/accounts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthCard, Notice } from '@/components/auth-card.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { applyServerErrors, fieldBinder, RootError, TextInput } from '@/components/ui/form.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { requestPasswordReset } from '../api/accounts.ts';

/** /user/forgot-password: asks for a reset link; the answer never says whether the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    defaultValues: { email: '' },
    resolver: formResolver(forgotPasswordBody, t),
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldBinder(form.register, errors);
  const submit = form.handleSubmit(async (body) => {
    try {
      await requestPasswordReset(body);
      setSentTo(body.email);
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });

  return (
    <AuthCard
      title={t('accounts.forgot.title')}
      subtitle={t('accounts.forgot.subtitle')}
      footer={
        <p className="mt-6 text-center text-sm">
          <Link to="/user/login" className={linkClass}>
            {t('accounts.forgot.back')}
          </Link>
        </p>
      }
    >
      {sentTo ? (
        <Notice>{t('accounts.forgot.sent', { email: sentTo })}</Notice>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <RootError message={errors.root?.message} />
          <TextInput {...field('email')} type="email" label={t('accounts.forgot.email')} autoComplete="username" />
          <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full`}>
            {isSubmitting ? t('accounts.forgot.submitting') : t('accounts.forgot.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
