import { type AcceptInvitationBody, acceptInvitationBody } from '@rcm/shared/organizations';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/auth-card.tsx';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { Spinner } from '@/components/page.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { RootError } from '@/components/ui/form.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { fetchUser } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { setLocale } from '@/lib/i18n.ts';
import { acceptInvitation, invitationPreviewQuery } from '../api/organizations.ts';

/** /user/invitation/{token} (signed out only): set a name and password, then land signed in. */
export function InvitationAcceptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useParams({ from: '/user/invitation/$token' });
  const preview = useQuery(invitationPreviewQuery(token));
  const form = useForm<AcceptInvitationBody>({
    defaultValues: { name: '', password: '' },
    resolver: formResolver(acceptInvitationBody, t),
  });
  const { errors, isSubmitting } = form.formState;
  const language = preview.data?.language;

  // The page speaks the language the invitation was sent in.
  useEffect(() => {
    if (language) void setLocale(language);
  }, [language]);

  const title = preview.data
    ? t('organizations.accept.title', { organization: preview.data.organisation.name })
    : preview.isError
      ? t('organizations.accept.invalidTitle')
      : t('organizations.accept.loadingTitle');

  const submit = form.handleSubmit(async (body) => {
    try {
      await acceptInvitation(token, body);
      await fetchUser();
      await navigate({ to: '/' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const f of err.fields) form.setError(f.field as keyof AcceptInvitationBody, { message: f.message });
      if (err.fields.length === 0)
        form.setError('root', { message: err.code === 'network' ? t('errors.network') : err.message });
    }
  });

  return (
    <AuthCard
      title={title}
      subtitle={preview.data ? t('organizations.accept.subtitle', { email: preview.data.email }) : undefined}
    >
      {preview.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : preview.isError ? (
        <div className="space-y-4 text-sm">
          <p>{t('organizations.accept.invalidBody')}</p>
          <Link to="/user/login" className={linkClass}>
            {t('organizations.accept.toLogin')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <RootError message={errors.root?.message} />
          <FormField label={t('organizations.accept.name')} error={errors.name?.message}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                autoComplete="name"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField
            label={t('organizations.accept.password')}
            error={errors.password?.message}
            hint={t('organizations.accept.passwordHint')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="password"
                autoComplete="new-password"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('password')}
              />
            )}
          </FormField>
          <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full justify-center`}>
            {isSubmitting ? t('organizations.accept.submitting') : t('organizations.accept.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
