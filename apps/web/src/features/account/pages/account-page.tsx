import { type AccountUpdateBody, accountUpdateBody } from '@rcm/shared/auth';
import { LOCALES } from '@rcm/shared/locale';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { fieldBinder, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { ContactMethodsSection, NotificationRulesSection, PushSection } from '@/features/channels/index.ts';
import { NotificationPreferencesSection } from '@/features/notifications/index.ts';
import { ApiError, api } from '@/lib/api-client.ts';
import { fetchUser, useAuth } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { setLocale } from '@/lib/i18n.ts';
import { toast } from '@/lib/toast.ts';
import { MfaSection } from '../components/mfa-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';

type FormValues = {
  name: string;
  email: string;
  language: AccountUpdateBody['language'];
  phone: string;
  current_password: string;
  new_password: string;
};

export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const form = useForm<FormValues>({
    resolver: formResolver(
      accountUpdateBody.transform((v) => v),
      t,
    ),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      language: user?.language.locale ?? 'en-US',
      phone: user?.phone ?? '',
      current_password: '',
      new_password: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldBinder(form.register, errors);
  if (!user) return null;

  const submit = form.handleSubmit(async (values) => {
    const body: AccountUpdateBody = {
      name: values.name,
      email: values.email,
      language: values.language,
      phone: values.phone,
      ...(values.new_password ? { new_password: values.new_password, current_password: values.current_password } : {}),
    };
    try {
      await api('account', { method: 'PATCH', body });
      setLocale(values.language);
      await fetchUser();
      form.reset({ ...values, current_password: '', new_password: '' });
      toast.success(t('account.saved'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const f of err.fields) {
        if (f.field in values) form.setError(f.field as keyof FormValues, { message: f.message || err.message });
      }
      if (err.fields.length === 0)
        form.setError('root', { message: err.code === 'network' ? t('errors.network') : err.message });
    }
  });

  return (
    <Page title={t('account.title')} subtitle={t('account.subtitle')}>
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-8">
        <RootError message={errors.root?.message} />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
          <legend className="px-1 text-base font-semibold">{t('account.profile')}</legend>
          <TextInput {...field('name')} label={t('account.name')} autoComplete="name" />
          <TextInput {...field('email')} type="email" label={t('account.email')} autoComplete="email" />
          <TextInput
            {...field('phone')}
            type="tel"
            label={t('account.phone')}
            autoComplete="tel"
            hint={t('account.phoneHint')}
          />
          <SelectInput {...field('language')} label={t('account.language')}>
            <Options values={LOCALES} label={(l) => (l === 'en-US' ? 'English (en-US)' : 'Español (es-MX)')} />
          </SelectInput>
        </fieldset>
        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
          <legend className="px-1 text-base font-semibold">{t('account.password')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('account.passwordHint')}</p>
          <TextInput
            {...field('current_password', { setValueAs: (v: string) => v || undefined })}
            type="password"
            label={t('account.currentPassword')}
            autoComplete="current-password"
          />
          <TextInput
            {...field('new_password', { setValueAs: (v: string) => v || undefined })}
            type="password"
            label={t('account.newPassword')}
            autoComplete="new-password"
          />
        </fieldset>
        <SubmitButton submitting={isSubmitting} label={t('account.save')} busyLabel={t('account.saving')} />
      </form>
      <NotificationPreferencesSection />
      <div className="mt-8 max-w-2xl space-y-6">
        <NotificationRulesSection />
        <PushSection />
        <ContactMethodsSection />
        <MfaSection />
        <SessionsSection />
      </div>
    </Page>
  );
}
