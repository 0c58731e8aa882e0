import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { saveFile } from '@/lib/download.ts';

/**
 * Recovery codes, shown this once (after the first factor, a new set, enrollment at sign-in): the
 * list, copy and download, and the button that says they are saved.
 */
export function RecoveryCodesPanel(props: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = [t('mfa.codes.fileHeading', { email: props.email }), '', ...props.codes, ''].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold">{t('mfa.codes.title')}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.codes.intro')}</p>
      <ul
        aria-label={t('mfa.codes.list')}
        className="grid grid-cols-1 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm text-slate-900 min-[380px]:grid-cols-2 dark:bg-slate-800 dark:text-slate-100"
      >
        {props.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          {t('mfa.codes.copy')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), t('mfa.codes.fileName'))}
        >
          {t('mfa.codes.download')}
        </button>
        <button type="button" className={primaryButton} onClick={props.onDone}>
          {t('mfa.codes.done')}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? t('mfa.codes.copied') : ''}
      </p>
      {copied ? <p className="text-sm text-green-800 dark:text-green-300">{t('mfa.codes.copied')}</p> : null}
    </div>
  );
}
