import { LOCALES, type Locale } from '@rcm/shared/locale';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { login } from '../../lib/auth-store.ts';
import { currentLocale, setLocale } from '../../lib/i18n.ts';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm dark:border-slate-600 dark:bg-slate-900';
const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'es-MX': 'Español' };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [staySignedIn, setStaySignedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password, staySignedIn });
      await navigate({ to: search.redirect ?? '/' });
    } catch (err) {
      const message = err instanceof ApiError && err.code !== 'network' ? err.message : t('errors.network');
      const fields = err instanceof ApiError ? err.fields.map((f) => f.message).join(' ') : '';
      setError(fields ? `${message} ${fields}` : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center">
          <img src="/favicon.svg" alt="" className="size-12" />
          <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-300">
            {t('app.name')}
          </p>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('login.title')}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('login.subtitle')}</p>
        </div>
        <form
          onSubmit={submit}
          className="mt-8 space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          noValidate
        >
          {error ? (
            <div
              role="alert"
              className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {error}
            </div>
          ) : null}
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              {t('login.email')}
            </label>
            <input
              id="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              {t('login.password')}
            </label>
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
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
          >
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
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
      </div>
    </div>
  );
}
