import type { TotpCreated } from '@rcm/shared/mfa';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { Input, RootError } from '@/components/ui/form.tsx';
import { failureWithFields } from '@/lib/api-client.ts';

/**
 * A pending authenticator app: the otpauth QR code (drawn here, the secret never leaves the page),
 * the key to type instead, and the first code that verifies it (`verify` throws the server's refusal).
 */
export function TotpSetup(props: { created: TotpCreated; verify: (code: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uri = props.created.otpauth_uri;

  useEffect(() => {
    let live = true;
    // Loaded only here: the sign-in page's first visit does not download the QR encoder.
    void import('qrcode').then((QRCode) =>
      QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [uri]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.verify(code);
    } catch (err) {
      setError(failureWithFields(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  // The key in groups of four, easier to type.
  const key = props.created.secret.match(/.{1,4}/g)?.join(' ') ?? props.created.secret;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.setup.scan')}</p>
      <div className="flex justify-center">
        {qr ? (
          <img src={qr} alt={t('mfa.setup.qrAlt')} width={200} height={200} className="rounded bg-white p-1" />
        ) : (
          <div className="size-[200px] rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
        )}
      </div>
      <div>
        <p className="text-sm">{t('mfa.setup.manual')}</p>
        <code
          data-testid="totp-secret"
          className="mt-1 block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {key}
        </code>
      </div>
      <RootError message={error} />
      <Input
        id="totp-setup-code"
        label={t('mfa.setup.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" disabled={busy} className={`${primaryButton} w-full sm:w-auto`}>
        {busy ? t('mfa.setup.verifying') : t('mfa.setup.verify')}
      </button>
    </form>
  );
}
