import type { AlarmDetail } from '@rcm/shared/alarms';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { destructiveButton, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { DialogError, useDialogAction } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/**
 * Asks before clearing one alarm. When its condition still holds (the server's `condition_present`)
 * it says the alarm will be raised again and offers the actions that keep it instead: acknowledge
 * (`onAcknowledge`, when the alarm is active and the user may) and any passed as `alternatives`.
 */
export function ClearAlarmDialog(props: {
  open: boolean;
  onClose: () => void;
  alarm: AlarmDetail;
  onClear: () => Promise<void>;
  onAcknowledge?: () => Promise<void>;
  alternatives?: ReactNode;
}) {
  const { t } = useTranslation();
  const { busy, error, close, run } = useDialogAction(props.onClose);
  const present = props.alarm.condition_present === true;
  return (
    <Modal open={props.open} onClose={close} title={t('alarmView.clearTitle', { ref: props.alarm.ref })}>
      {present ? (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('alarmView.conditionPresentWarning')}
        </p>
      ) : null}
      <p className={`text-sm text-slate-700 dark:text-slate-200 ${present ? 'mt-3' : ''}`}>
        {present && props.onAcknowledge ? t('alarmView.clearBodyPresent') : t('alarmView.clearBody')}
      </p>
      <DialogError message={error} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={close} className={secondaryButton}>
          {t('common.cancel')}
        </button>
        {present && props.onAcknowledge ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(props.onAcknowledge as () => Promise<void>)}
            className={primaryButton}
          >
            {t('alarmView.acknowledgeInstead')}
          </button>
        ) : null}
        {present ? props.alternatives : null}
        <button type="button" disabled={busy} onClick={() => void run(props.onClear)} className={destructiveButton}>
          {present ? t('alarmView.clearAnyway') : t('alarmView.clear')}
        </button>
      </div>
    </Modal>
  );
}
