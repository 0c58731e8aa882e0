import type { HaccpEntry, HaccpSignatureCheck } from '@rcm/shared/haccp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '@/components/ui/button.ts';
import { failureMessage } from '@/lib/api-client.ts';
import { formatInZone } from '@/lib/format.ts';
import { verifySignature } from '../api/haccp-log.ts';

/**
 * A sign-off's electronic signature: meaning, the signer's printed name and role, the time in the
 * location's zone, how they confirmed it was them, the record's hash (abbreviated) and "Verify",
 * which checks the hash against the entry as stored now.
 */
export function SignatureBlock(props: { entry: HaccpEntry }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<HaccpSignatureCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sig = props.entry.signature;
  if (!sig) return <p className="text-xs text-slate-600 dark:text-slate-300">{t('reports.haccp.log.noSignature')}</p>;
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setCheck(await verifySignature(props.entry.id));
    } catch (err) {
      setError(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  const hex = sig.record_hash.replace(/^sha256:/, '');
  return (
    <div className="mt-1 text-xs" data-testid={`haccp-signature-${props.entry.id}`}>
      <p className="text-slate-700 dark:text-slate-200">
        {t('reports.haccp.log.signature', {
          meaning: t(`reports.haccp.log.meanings.${sig.meaning}`),
          who: sig.signer.name,
          role: sig.signer.role,
          when: formatInZone(sig.signed_at, sig.time_zone),
          method: t(`reports.haccp.log.methods.${sig.method}`, { defaultValue: sig.method }),
        })}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <code className="font-mono text-slate-700 dark:text-slate-200" title={sig.record_hash}>
          {t('reports.haccp.log.hash', { hash: `sha256:${hex.slice(0, 12)}…` })}
        </code>
        <button
          type="button"
          className={`${secondaryButton} px-2! py-1! text-xs!`}
          disabled={busy}
          onClick={() => void verify()}
        >
          {busy ? t('reports.haccp.log.verifying') : t('reports.haccp.log.verify')}
        </button>
        <span role="status" aria-live="polite">
          {check ? (
            <span
              className={
                check.valid
                  ? 'font-semibold text-green-800 dark:text-green-300'
                  : 'font-semibold text-red-800 dark:text-red-300'
              }
            >
              {check.valid ? t('reports.haccp.log.verified') : t('reports.haccp.log.notVerified')}
            </span>
          ) : null}
          {error ? <span className="text-red-800 dark:text-red-300">{error}</span> : null}
        </span>
      </p>
    </div>
  );
}
