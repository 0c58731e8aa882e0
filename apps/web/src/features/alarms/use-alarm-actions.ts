import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { acknowledgeAlarm, clearAlarm, unshelveAlarm } from './api/alarm-actions.ts';
import { alarmKeys } from './api/keys.ts';

/**
 * The alarm page's actions on one alarm: each says so in a toast and refreshes the alarm queries.
 * `act` and `unshelve` report a failure in a toast; `confirmed` (for the clear dialog) lets it
 * reach the caller, so a refusal stays in the dialog. `busy` while `act` or `unshelve` runs.
 */
export function useAlarmActions(ref: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (action: 'acknowledge' | 'clear') => {
    setBusy(true);
    try {
      await (action === 'acknowledge' ? acknowledgeAlarm(ref) : clearAlarm(ref));
      toast.success(t(action === 'acknowledge' ? 'alarmView.acknowledgedToast' : 'alarmView.clearedToast'));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  /** For the clear dialog: the action runs, says so and refreshes; a refusal stays in the dialog. */
  const confirmed = async (action: 'acknowledge' | 'clear') => {
    await (action === 'acknowledge' ? acknowledgeAlarm(ref) : clearAlarm(ref));
    toast.success(t(action === 'acknowledge' ? 'alarmView.acknowledgedToast' : 'alarmView.clearedToast'));
    await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
  };
  const unshelve = async () => {
    setBusy(true);
    try {
      await unshelveAlarm(ref);
      toast.success(t('alarmMgmt.unshelvedToast', { ref }));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, act, confirmed, unshelve };
}
