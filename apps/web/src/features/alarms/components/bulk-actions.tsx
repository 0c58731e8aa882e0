import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Spinner } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { onRealtime } from '../../../lib/realtime.ts';
import { bulkAlarms } from '../api/alarm-actions.ts';
import type { AlarmFilters } from '../api/get-alarms.ts';

type Action = 'acknowledge' | 'clear';

const buttonClass =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';

/**
 * 'Acknowledge All' and 'Clear All': the selection when there is one, otherwise everything the
 * filters match, after a confirmation that says how many; progress comes over the socket.
 */
export function BulkActions(props: {
  selected: number[];
  filters: AlarmFilters;
  matching: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(
    () => (busy ? onRealtime('alarms.bulk.progress', (e) => setProgress({ done: e.done, total: e.total })) : undefined),
    [busy],
  );

  const useSelection = props.selected.length > 0;
  const count = useSelection ? props.selected.length : props.matching;
  const question = (action: Action) => {
    const verb = action === 'acknowledge' ? 'Acknowledge' : 'Clear';
    return t(`dashboard.confirm${verb}${useSelection ? 'Selected' : 'Filtered'}`, { count });
  };

  const run = async (action: Action) => {
    setPending(null);
    setBusy(true);
    setProgress(null);
    try {
      const result = await bulkAlarms(action, useSelection ? { refs: props.selected } : { filter: props.filters });
      toast.success(t('dashboard.bulkDone', { count: result.updated }));
      props.onDone();
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== 'network' ? err.message : t('errors.network'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['alarms'] });
    }
  };

  const open = (action: Action) => (count === 0 ? toast.info(t('dashboard.nothingToUpdate')) : setPending(action));

  return (
    <>
      {hasPermission(user, 'alarms_acknowledge') ? (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => open('acknowledge')}>
          {t('dashboard.acknowledgeAll')}
        </button>
      ) : null}
      {hasPermission(user, 'alarms_clear') ? (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => open('clear')}>
          {t('dashboard.clearAll')}
        </button>
      ) : null}
      {busy ? (
        <div className="flex items-center gap-3">
          <Spinner label={t('dashboard.updating')} />
          {progress ? (
            <progress
              className="h-2 w-32"
              max={progress.total}
              value={progress.done}
              aria-label={t('dashboard.bulkProgress', progress)}
            />
          ) : null}
        </div>
      ) : null}
      <Dialog open={pending !== null} onClose={() => setPending(null)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
            <DialogTitle className="text-lg font-semibold">{pending ? question(pending) : ''}</DialogTitle>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('dashboard.confirmHint')}</p>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className={buttonClass} onClick={() => setPending(null)}>
                {t('dashboard.cancel')}
              </button>
              <button
                type="button"
                className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800"
                onClick={() => pending && void run(pending)}
              >
                {t('dashboard.confirm')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
