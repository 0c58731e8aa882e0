import { setupBody } from '@rcm/shared/accounts';
import { LOCALES, type Locale } from '@rcm/shared/locale';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AuthCard } from '@/components/auth-card.tsx';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { applyServerErrors, fieldBinder, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { fetchUser, useAuth } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { currentLocale, LANGUAGE_NAMES, setLocale } from '@/lib/i18n.ts';
import { runSetup, setupStatusQuery } from '../api/accounts.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

const formSchema = setupBody
  .extend({ password_again: z.string(), locale: z.enum(LOCALES) })
  .refine((v) => v.password === v.password_again, { path: ['password_again'], message: 'password_mismatch' });
type FormValues = z.input<typeof formSchema>;

/** /setup: on a console with no user yet, the service company and its first administrator. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useQuery(setupStatusQuery());
  const { user } = useAuth();
  const form = useForm<FormValues>({
    defaultValues: {
      organization_name: '',
      name: '',
      email: '',
      password: '',
      password_again: '',
      locale: currentLocale(),
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldBinder(form.register, errors);

  // A console already set up sends its visitor to sign in, but not the administrator this form has
  // just created (signed in by the answer): the shell that appears for them mounts this page again,
  // with the status fetched again, while the dashboard (its code, its strings) loads.
  if (status.data?.needed === false) return <Navigate to={user ? '/' : '/user/login'} replace />;

  const submit = form.handleSubmit(async ({ password_again: _again, ...body }) => {
    try {
      await runSetup(body);
      await fetchUser();
      await navigate({ to: '/' });
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });

  return (
    <AuthCard title={t('accounts.setup.title')} subtitle={t('accounts.setup.subtitle')}>
      {status.isPending ? (
        <Spinner label={t('accounts.setup.checking')} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <RootError message={errors.root?.message} />
          <TextInput
            {...field('organization_name')}
            label={t('accounts.setup.organization')}
            hint={t('accounts.setup.organizationHint')}
            autoComplete="organization"
          />
          <TextInput {...field('name')} label={t('accounts.setup.name')} autoComplete="name" />
          <TextInput {...field('email')} type="email" label={t('accounts.setup.email')} autoComplete="username" />
          <NewPasswordFields
            register={form.register}
            errors={errors}
            labels={{ password: t('accounts.setup.password'), again: t('accounts.setup.passwordAgain') }}
          />
          <SelectInput
            {...field('locale', { onChange: (e) => void setLocale(e.target.value as Locale) })}
            label={t('accounts.setup.language')}
          >
            <Options values={LOCALES} label={(l) => LANGUAGE_NAMES[l]} />
          </SelectInput>
          <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full`}>
            {isSubmitting ? t('accounts.setup.submitting') : t('accounts.setup.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
