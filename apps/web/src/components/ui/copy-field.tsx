import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from './button.ts';

/**
 * A value to copy elsewhere (an address, a key, a command, a link): its label, the value in
 * monospace (`multiline`: its lines kept, such as JSON), and a copy button that says "Copied" to screen readers and eyes alike.
 */
export function CopyField(props: { label: string; value: string; hint?: string; multiline?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div>
      <span className="block text-sm font-medium">{props.label}</span>
      <div className="mt-1 flex flex-wrap items-start gap-2">
        {props.multiline ? (
          // Wraps a long line on a narrow screen rather than scrolling (its indentation stays).
          <pre className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            <code>{props.value}</code>
          </pre>
        ) : (
          <code className="min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {props.value}
          </code>
        )}
        <button
          type="button"
          className={secondaryButton}
          aria-label={t('onboarding.copyLabel', { what: props.label })}
          onClick={() => void copy()}
        >
          {copied ? t('onboarding.copied') : t('onboarding.copy')}
        </button>
      </div>
      {props.hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{props.hint}</p> : null}
      <span className="sr-only" aria-live="polite">
        {copied ? t('onboarding.copied') : ''}
      </span>
    </div>
  );
}
