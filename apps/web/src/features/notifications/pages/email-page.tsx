import { type MailTestBody, mailTestBody } from '@rcm/shared/mail';
import { isAdministrator } from '@rcm/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { cardClass, SettingsLayout } from '@/components/settings-layout.tsx';
import { RootError, TextInput } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { Field } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { notificationKeys } from '../api/keys.ts';
import { mailSettingsQuery, sendTestEmail } from '../api/mail-settings.ts';

/** /settings/email: the mail server without secrets, what became of the last messages, a test message. */
export function EmailSettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = !!user && isAdministrator(user.permissions);
  const settings = useQuery({ ...mailSettingsQuery(), enabled: admin });
  const s = settings.data;
  return (
    <SettingsLayout title={t('settings.sections.email')} subtitle={t('onboarding.email.intro')}>
      {!admin ? (
        <p>{t('onboarding.email.adminOnly')}</p>
      ) : settings.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : !s ? (
        <p role="alert">{t('onboarding.email.loadError')}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="email-config" className={`p-6 ${cardClass}`}>
            <h2 id="email-config" className="mb-4 text-base font-semibold">
              {t('onboarding.email.transport')}
            </h2>
            {s.smtp ? (
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label={t('onboarding.email.host')}>{s.smtp.host}</Field>
                <Field label={t('onboarding.email.port')}>{s.smtp.port}</Field>
                <Field label={t('onboarding.email.secure')}>
                  {s.smtp.secure ? t('onboarding.email.on') : t('onboarding.email.off')}
                </Field>
                <Field label={t('onboarding.email.user')}>{s.smtp.user ?? t('onboarding.email.noUser')}</Field>
              </dl>
            ) : (
              <>
                <p className="font-medium">{t('onboarding.email.none')}</p>
                <p className="mt-2 text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-200">
                  {t('onboarding.email.noneHint')}
                </p>
              </>
            )}
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <Field label={t('onboarding.email.from')}>{s.from}</Field>
              <Field label={t('onboarding.email.publicUrl')}>{s.public_url}</Field>
              <Field label={t('onboarding.email.lastSent')}>
                {s.last_sent_at ? formatDateTime(s.last_sent_at) : t('onboarding.email.never')}
              </Field>
              <Field label={t('onboarding.email.lastFailure')}>
                {s.last_failure
                  ? t('onboarding.email.lastFailureValue', {
                      at: formatDateTime(s.last_failure.at),
                      error: s.last_failure.error,
                    })
                  : t('onboarding.email.never')}
              </Field>
            </dl>
          </section>
          {s.smtp ? <TestMessage defaultTo={user?.email ?? ''} /> : null}
        </div>
      )}
    </SettingsLayout>
  );
}

function TestMessage(props: { defaultTo: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<MailTestBody>({
    defaultValues: { to: props.defaultTo },
    resolver: formResolver(mailTestBody, t),
  });
  const { errors, isSubmitting } = form.formState;
  // What became of the message is among the settings (the last failure): they are refetched.
  const send = useApiMutation({
    mutationFn: sendTestEmail,
    invalidates: [notificationKeys.mailSettings],
    onSuccess: (answer, body) =>
      setResult(
        answer.sent
          ? { ok: true, text: t('onboarding.email.testSent', { to: body.to }) }
          : { ok: false, text: t('onboarding.email.testFailed', { error: answer.error ?? '' }) },
      ),
    showError: { form },
  });
  const submit = form.handleSubmit(async (body) => {
    setResult(null);
    await send.run(body);
  });
  return (
    <section aria-labelledby="email-test" className={`p-6 ${cardClass}`}>
      <h2 id="email-test" className="mb-4 text-base font-semibold">
        {t('onboarding.email.test')}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <TextInput
          label={t('onboarding.email.testTo')}
          type="email"
          autoComplete="email"
          reg={form.register('to')}
          error={errors.to?.message}
        />
        <SubmitButton
          submitting={isSubmitting}
          label={t('onboarding.email.testSend')}
          busyLabel={t('onboarding.email.testSending')}
        />
      </form>
      <div aria-live="polite">
        {result ? (
          <p
            className={`mt-4 rounded-md p-3 text-sm ${result.ok ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100'}`}
          >
            {result.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
