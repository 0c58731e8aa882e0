import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { acknowledgeAlarm, clearAlarm, unshelveAlarm } from './api/alarm-actions.ts';
import { alarmKeys } from './api/keys.ts';

type Action = 'acknowledge' | 'clear';

/**
 * The alarm page's actions on one alarm: each says so in a toast and refreshes the alarm queries.
 * `act` and `unshelve` report a failure in a toast; `confirmed` (for the clear dialog) lets it
 * reach the caller, so a refusal stays in the dialog. `busy` while `act` or `unshelve` runs.
 */
export function useAlarmActions(ref: number) {
  const { t } = useTranslation();
  const options = {
    mutationFn: (action: Action) => (action === 'acknowledge' ? acknowledgeAlarm(ref) : clearAlarm(ref)),
    invalidates: [alarmKeys.all],
    onSuccess: (_: unknown, action: Action) =>
      toast.success(t(action === 'acknowledge' ? 'alarmView.acknowledgedToast' : 'alarmView.clearedToast')),
  };
  const shown = useApiMutation({ ...options, showError: 'toast' });
  const inDialog = useApiMutation(options);
  const unshelving = useApiMutation({
    mutationFn: () => unshelveAlarm(ref),
    invalidates: [alarmKeys.all],
    onSuccess: () => toast.success(t('alarmMgmt.unshelvedToast', { ref })),
    showError: 'toast',
  });
  return {
    busy: shown.isPending || unshelving.isPending,
    act: async (action: Action) => void (await shown.run(action)),
    confirmed: async (action: Action) => void (await inDialog.run(action)),
    unshelve: async () => void (await unshelving.run()),
  };
}
