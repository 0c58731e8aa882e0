import type { ReauthPurpose } from '@rcm/shared/api-tokens';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { Input, RootError } from '@/components/ui/form.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { assertPasskey, passkeyFailure } from '@/lib/passkeys.ts';
import { reauthenticate, reauthPasskeyOptions } from '../api/mfa.ts';

/**
 * "Confirm it's you": a fresh re-authentication by password or, for a person with a second factor,
 * by a TOTP or recovery code, or by one of their passkeys ("Use a passkey"); `onProof` gets the
 * single-use proof (and may throw the change's refusal, or a passkey ceremony's failure).
 */
export function ReauthDialog(props: {
  open: boolean;
  onClose: () => void;
  /** Whether a code may stand in for the password (the person has a factor). */
  codeAllowed: boolean;
  /** Whether a passkey may stand in for the password (the person has one). */
  passkeyAllowed: boolean;
  onProof: (reauthToken: string) => Promise<void>;
  /** What the change will do, said before it is confirmed (removing a factor). */
  title?: string;
  body?: string;
  /** Why it is asked, in place of the second factors' (a signature says what is signed). */
  intro?: string;
  /** `signature`: a proof only a signature spends (a HACCP sign-off); its failures are counted. */
  purpose?: ReauthPurpose;
}) {
  const { t } = useTranslation();
  const [byCode, setByCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue('');
    setError(null);
    props.onClose();
  };
  const confirm = async (prove: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      const proof = await prove();
      setValue('');
      await props.onProof(proof);
    } catch (err) {
      setError(passkeyFailure(err, t));
    } finally {
      setBusy(false);
    }
  };
  const purpose = props.purpose ? { purpose: props.purpose } : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm(
      async () =>
        (await reauthenticate(byCode ? { code: value, ...purpose } : { password: value, ...purpose })).reauth_token,
    );
  };
  const withPasskey = () =>
    void confirm(
      async () =>
        (await reauthenticate({ response: await assertPasskey(await reauthPasskeyOptions()), ...purpose }))
          .reauth_token,
    );
  const useCode = byCode && props.codeAllowed;
  return (
    <Modal open={props.open} onClose={close} title={props.title ?? t('mfa.reauth.title')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {props.body ? <p className="text-sm text-slate-700 dark:text-slate-300">{props.body}</p> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">{props.intro ?? t('mfa.reauth.intro')}</p>
        <RootError message={error} />
        <Input
          id="reauth-proof"
          key={useCode ? 'code' : 'password'}
          label={useCode ? t('mfa.reauth.code') : t('mfa.reauth.password')}
          type={useCode ? 'text' : 'password'}
          autoComplete={useCode ? 'one-time-code' : 'current-password'}
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        {props.codeAllowed ? (
          <button
            type="button"
            className={`text-sm ${linkClass}`}
            onClick={() => {
              setByCode(!byCode);
              setValue('');
            }}
          >
            {useCode ? t('mfa.reauth.usePassword') : t('mfa.reauth.useCode')}
          </button>
        ) : null}
        {props.passkeyAllowed ? (
          <button type="button" disabled={busy} className={`${secondaryButton} w-full`} onClick={withPasskey}>
            {t('mfa.reauth.usePasskey')}
          </button>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} className={secondaryButton}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t('mfa.reauth.confirming') : t('mfa.reauth.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
