import { LOCALES } from '@rcm/shared/locale';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard, Notice } from '@/components/auth-card.tsx';
import { inputClass } from '@/components/form-field.tsx';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { Input, RootError } from '@/components/ui/form.tsx';
import { ApiError, failureWithFields } from '@/lib/api-client.ts';
import { type LoginResult, login, loginWithPasskey } from '@/lib/auth-store.ts';
import { currentLocale, LANGUAGE_NAMES, setLocale } from '@/lib/i18n.ts';
import { passkeyFailure } from '@/lib/passkeys.ts';
import { fetchSetupStatus } from '../api/accounts.ts';
import { discoverSso, ssoStartUrl } from '../api/sso.ts';

// The second step and enrollment load once the password step asks for them: most sign-ins never do.
const MfaStep = lazy(() => import('../components/mfa-steps.tsx').then((m) => ({ default: m.MfaStep })));
const EnrollStep = lazy(() => import('../components/mfa-steps.tsx').then((m) => ({ default: m.EnrollStep })));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ from: '/user/login' });
  const [setupNeeded, setSetupNeeded] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [staySignedIn, setStaySignedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Password, or single sign-on: the work email finds the organization's provider.
  const [mode, setMode] = useState<'password' | 'sso'>('password');
  /** The second step the password answered, if any. */
  const [step, setStep] = useState<Exclude<LoginResult, { kind: 'signed-in' }> | null>(null);

  // A console nobody has set up yet has nobody to sign in: its first administrator is created first.
  // A plain request, not a query: the sign-in page is the first visit's, and stays light.
  useEffect(() => {
    let live = true;
    fetchSetupStatus()
      .then((status) => live && status.needed && setSetupNeeded(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (setupNeeded) return <Navigate to="/setup" replace />;

  const enter = async () => {
    await navigate({ to: search.redirect ?? '/' });
  };
  const startOver = () => {
    setStep(null);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await login({ email, password, staySignedIn });
      if (result.kind === 'signed-in') await navigate({ to: search.redirect ?? '/' });
      else {
        setPassword('');
        setStep(result);
      }
    } catch (err) {
      setError(failureWithFields(err, t('errors.network')));
      // The organization signs in through its provider: the same address goes on from there.
      if (err instanceof ApiError && err.code === 'sso_required') setMode('sso');
    } finally {
      setBusy(false);
    }
  };

  // Passwordless: the browser offers the passkeys it holds for this console.
  const signInWithPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      await loginWithPasskey();
      await enter();
    } catch (err) {
      setError(passkeyFailure(err, t));
      if (err instanceof ApiError && err.code === 'sso_required') setMode('sso');
      setBusy(false);
    }
  };

  const startSso = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const found = await discoverSso(email);
      if (!found) {
        setError(t('login.sso.notFound'));
        setBusy(false);
        return;
      }
      window.location.assign(ssoStartUrl(found.connection_id, search.redirect ?? '/'));
    } catch (err) {
      setError(failureWithFields(err, t('errors.network')));
      setBusy(false);
    }
  };

  const errorBox = <RootError message={error} />;
  /** The other way in (password or single sign-on), starting without the last one's error. */
  const switchTo = (next: 'password' | 'sso', label: string) => (
    <button
      type="button"
      onClick={() => {
        setMode(next);
        setError(null);
      }}
      className={`${secondaryButton} w-full`}
    >
      {label}
    </button>
  );
  /** The work email, which both ways in start from. */
  const emailInput = (id: string, label: string) => (
    <Input
      id={id}
      label={label}
      type="email"
      autoComplete="username"
      required
      value={email}
      onChange={(e) => setEmail(e.target.value)}
    />
  );

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <fieldset className="mt-6 flex justify-center gap-4 text-sm">
          <legend className="sr-only">{t('userMenu.language')}</legend>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={currentLocale() === l}
              onClick={() => setLocale(l)}
              className="rounded px-2 py-1 text-slate-700 underline-offset-2 hover:underline aria-pressed:font-semibold aria-pressed:text-blue-800 dark:text-slate-200 dark:aria-pressed:text-blue-300"
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </fieldset>
      }
    >
      {step?.kind === 'mfa' ? (
        <Suspense fallback={null}>
          <MfaStep mfaToken={step.token} methods={step.methods} onSignedIn={enter} onStartOver={startOver} />
        </Suspense>
      ) : step?.kind === 'enroll' ? (
        <Suspense fallback={null}>
          <EnrollStep
            enrollmentToken={step.token}
            email={email}
            allowedMethods={step.allowedMethods}
            onSignedIn={enter}
            onStartOver={startOver}
          />
        </Suspense>
      ) : mode === 'sso' ? (
        <form onSubmit={startSso} className="space-y-5" noValidate aria-labelledby="sso-title">
          <div>
            <h2 id="sso-title" className="text-base font-semibold">
              {t('login.sso.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('login.sso.intro')}</p>
          </div>
          {errorBox}
          {emailInput('sso-email', t('login.sso.email'))}
          <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
            {busy ? t('login.sso.continuing') : t('login.sso.continue')}
          </button>
          {switchTo('password', t('login.sso.usePassword'))}
        </form>
      ) : (
        <form onSubmit={submit} className="space-y-5" noValidate>
          {search.notice === 'password_saved' && !error ? <Notice>{t('accounts.reset.done')}</Notice> : null}
          {errorBox}
          {emailInput('email', t('login.email'))}
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor="password" className="block text-sm font-medium">
                {t('login.password')}
              </label>
              <Link to="/user/forgot-password" className={`text-sm ${linkClass}`}>
                {t('accounts.forgot.link')}
              </Link>
            </div>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex items-center gap-2">
            <input
              id="stay-signed-in"
              type="checkbox"
              checked={staySignedIn}
              onChange={(e) => setStaySignedIn(e.target.checked)}
              className="size-4 rounded border-slate-400"
            />
            <label htmlFor="stay-signed-in" className="text-sm">
              {t('login.staySignedIn')}
            </label>
          </div>
          <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
          <div
            className="flex items-center gap-3 text-xs uppercase text-slate-600 dark:text-slate-300"
            aria-hidden="true"
          >
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            {t('login.or')}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          {switchTo('sso', t('login.sso.button'))}
          <button
            type="button"
            disabled={busy}
            onClick={() => void signInWithPasskey()}
            className={`${secondaryButton} w-full`}
          >
            {t('login.passkey')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
