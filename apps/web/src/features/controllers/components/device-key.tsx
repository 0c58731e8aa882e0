import { useTranslation } from 'react-i18next';
import { secondaryButton } from '@/components/ui/button.ts';

/** A device key as it is shown, once: what to do with it, the key itself and a copy button. */
export function DeviceKey(props: { deviceKey: string; hint?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mt-2 text-sm">{props.hint ?? t('controllers.deviceKeyHint')}</p>
      <p className="mt-3">
        <span className="block text-xs font-medium uppercase tracking-wide">{t('controllers.deviceKey')}</span>
        <code className="mt-1 block break-all rounded bg-white p-3 font-mono text-sm dark:bg-slate-900">
          {props.deviceKey}
        </code>
      </p>
      <button
        type="button"
        className={`${secondaryButton} mt-3`}
        onClick={() => void navigator.clipboard?.writeText(props.deviceKey)}
      >
        {t('controllers.copyKey')}
      </button>
    </>
  );
}
