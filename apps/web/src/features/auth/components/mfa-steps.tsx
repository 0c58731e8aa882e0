import type { FactorKind, MfaMethod, TotpCreated } from '@rcm/shared/mfa';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { Input, RootError } from '@/components/ui/form.tsx';
import { RecoveryCodesPanel, TotpSetup } from '@/features/account/index.ts';
import { api, failureWithFields } from '@/lib/api-client.ts';
import { loginEnrolled, loginWithFactor } from '@/lib/auth-store.ts';
import { createPasskey, passkeyFailure } from '@/lib/passkeys.ts';

/**
 * The sign-in's second step: the code of the person's authenticator app, one of their recovery codes
 * ("Use a recovery code"), or one of their passkeys ("Use a passkey"). `onSignedIn` once the server
 * opened the session.
 */
export function MfaStep(props: {
  mfaToken: string;
  methods: MfaMethod[];
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const hasTotp = props.methods.includes('totp');
  const hasRecovery = props.methods.includes('recovery_code');
  const hasPasskey = props.methods.includes('webauthn');
  const [method, setMethod] = useState<'totp' | 'recovery_code'>(hasTotp ? 'totp' : 'recovery_code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('code');
    setError(null);
    try {
      await loginWithFactor({ mfaToken: props.mfaToken, method, code });
      await props.onSignedIn();
    } catch (err) {
      setError(failureWithFields(err, t('errors.network')));
      setBusy(null);
    }
  };
  const answerWithPasskey = async () => {
    setBusy('passkey');
    setError(null);
    try {
      await loginWithFactor({ mfaToken: props.mfaToken, method: 'webauthn' });
      await props.onSignedIn();
    } catch (err) {
      setError(passkeyFailure(err, t));
      setBusy(null);
    }
  };
  const totp = method === 'totp';
  // A person whose only factor is a passkey answers with it (or a recovery code, below it).
  const passkeyFirst = hasPasskey && !hasTotp;
  const passkeyButton = hasPasskey ? (
    <button
      type="button"
      disabled={busy !== null}
      onClick={() => void answerWithPasskey()}
      className={`${passkeyFirst ? primaryButton : secondaryButton} w-full`}
    >
      {busy === 'passkey' ? t('mfa.step.waitingForPasskey') : t('mfa.step.usePasskey')}
    </button>
  ) : null;
  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold">{t('mfa.step.title')}</h2>
      {passkeyFirst ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.step.passkeyIntro')}</p> : null}
      <RootError message={error} />
      {passkeyFirst ? passkeyButton : null}
      {hasTotp || hasRecovery ? (
        <form onSubmit={submit} className="space-y-5" noValidate>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {totp ? t('mfa.step.totpIntro') : t('mfa.step.recoveryIntro')}
          </p>
          <Input
            id="mfa-code"
            key={method}
            label={totp ? t('mfa.step.code') : t('mfa.step.recoveryCode')}
            inputMode={totp ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            maxLength={totp ? 7 : 24}
            required
            // The step replaced the password form: the code, its only field, is what the person types next.
            autoFocus={!passkeyFirst}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="submit"
            disabled={busy !== null}
            className={`${passkeyFirst ? secondaryButton : primaryButton} w-full`}
          >
            {busy === 'code' ? t('mfa.step.verifying') : t('mfa.step.verify')}
          </button>
        </form>
      ) : null}
      {passkeyFirst ? null : passkeyButton}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        {hasTotp && hasRecovery ? (
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              setMethod(totp ? 'recovery_code' : 'totp');
              setCode('');
              setError(null);
            }}
          >
            {totp ? t('mfa.step.useRecovery') : t('mfa.step.useTotp')}
          </button>
        ) : null}
        <button type="button" className={linkClass} onClick={props.onStartOver}>
          {t('mfa.step.startOver')}
        </button>
      </div>
    </div>
  );
}

/**
 * Enrollment at sign-in, where the organization requires a second factor the person has not got:
 * what its policy allows, an authenticator app (set up with the enrollment token, its first code
 * signs in) or a passkey ("Add a passkey": the browser's ceremony signs in). The recovery codes are
 * shown once before the console opens.
 */
export function EnrollStep(props: {
  enrollmentToken: string;
  email: string;
  allowedMethods: FactorKind[];
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<TotpCreated | null>(null);
  const [done, setDone] = useState<{ codes: string[]; finish: () => void } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'totp' | 'passkey' | null>(null);
  const totpAllowed = props.allowedMethods.includes('totp');
  const passkeyAllowed = props.allowedMethods.includes('webauthn');

  const start = async () => {
    setBusy('totp');
    setError(null);
    try {
      const res = await api<{ data: TotpCreated }>('auth/login/enroll/totp', {
        method: 'POST',
        body: { enrollment_token: props.enrollmentToken },
      });
      setCreated(res.data);
    } catch (err) {
      setError(failureWithFields(err, t('errors.network')));
    } finally {
      setBusy(null);
    }
  };
  const addPasskey = async () => {
    setBusy('passkey');
    setError(null);
    try {
      const options = await api<{ data: Record<string, unknown> }>('auth/login/enroll/webauthn/options', {
        method: 'POST',
        body: { enrollment_token: props.enrollmentToken },
      });
      const result = await loginEnrolled({
        enrollmentToken: props.enrollmentToken,
        response: await createPasskey(options.data),
        label: t('mfa.enroll.passkeyLabel'),
      });
      setDone({ codes: result.recoveryCodes, finish: result.finish });
    } catch (err) {
      setError(passkeyFailure(err, t));
    } finally {
      setBusy(null);
    }
  };

  if (done) {
    return (
      <RecoveryCodesPanel
        codes={done.codes}
        email={props.email}
        onDone={() => {
          done.finish();
          void props.onSignedIn();
        }}
      />
    );
  }
  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold">{t('mfa.enroll.title')}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.enroll.required')}</p>
      <RootError message={error} />
      {created ? (
        <TotpSetup
          created={created}
          verify={async (code) => {
            const result = await loginEnrolled({
              enrollmentToken: props.enrollmentToken,
              factorId: created.factor_id,
              code,
            });
            setDone({ codes: result.recoveryCodes, finish: result.finish });
          }}
        />
      ) : (
        <>
          {passkeyAllowed ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.enroll.passkeyIntro')}</p>
          ) : null}
          {totpAllowed ? (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void start()}
              className={`${primaryButton} w-full`}
            >
              {t('mfa.enroll.start')}
            </button>
          ) : null}
          {passkeyAllowed ? (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void addPasskey()}
              className={`${totpAllowed ? secondaryButton : primaryButton} w-full`}
            >
              {busy === 'passkey' ? t('mfa.step.waitingForPasskey') : t('mfa.enroll.passkey')}
            </button>
          ) : null}
        </>
      )}
      <button type="button" className={`text-sm ${linkClass}`} onClick={props.onStartOver}>
        {t('mfa.step.startOver')}
      </button>
    </div>
  );
}
