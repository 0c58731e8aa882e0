import type { AlarmStats, AlarmSummary } from '@rcm/shared/alarms';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { onRealtime } from '@/lib/realtime.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { bulkAlarms } from '../api/alarm-actions.ts';
import type { AlarmFilters } from '../api/get-alarms.ts';
import { alarmKeys } from '../api/keys.ts';

type Action = 'acknowledge' | 'clear';

/** The statuses an action changes: acknowledging active alarms; clearing active and acknowledged ones. */
const CHANGES: Record<Action, readonly AlarmSummary['status'][]> = {
  acknowledge: ['active'],
  clear: ['active', 'acknowledged'],
};

/**
 * How many alarms an action would change: of the selection, those whose status allows it (a selected
 * alarm not on this page counts, its status unknown here); without one, of what the filters match,
 * from the tiles (counted with the same filters but the status).
 */
export function changeable(
  action: Action,
  input: { selected: number[]; rows: AlarmSummary[]; stats: AlarmStats | undefined; statusFilter: string | undefined },
): number {
  const allowed = CHANGES[action];
  if (input.selected.length > 0) {
    const byRef = new Map(input.rows.map((r) => [r.ref, r.status]));
    return input.selected.filter((ref) => {
      const status = byRef.get(ref);
      return status === undefined || allowed.includes(status);
    }).length;
  }
  if (!input.stats) return 0;
  const stats = input.stats;
  const wanted = input.statusFilter ? input.statusFilter.split(',') : null;
  const open = allowed
    .filter((s) => !wanted || wanted.includes(s))
    .reduce((sum, s) => sum + (s === 'active' ? stats.active : stats.acknowledged), 0);
  // Suppressed and shelved alarms are all open (a clear changes each), but the tiles do not say
  // which of them are acknowledged already, so acknowledging counts none of them.
  if (action !== 'clear' || !wanted) return open;
  return (
    open + (wanted.includes('suppressed') ? stats.suppressed : 0) + (wanted.includes('shelved') ? stats.shelved : 0)
  );
}

/**
 * 'Acknowledge All' and 'Clear All' (or, with a selection, 'Acknowledge 3 selected'): after a
 * confirmation that counts only the alarms the action changes; progress comes over the socket.
 */
export function BulkActions(props: {
  selected: number[];
  rows: AlarmSummary[];
  filters: AlarmFilters;
  stats: AlarmStats | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [pending, setPending] = useState<Action | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const bulk = useApiMutation({
    mutationFn: (action: Action) =>
      bulkAlarms(action, props.selected.length > 0 ? { refs: props.selected } : { filter: props.filters }),
    invalidates: [alarmKeys.all],
    // Alarms changed before a failure are shown as they are now.
    invalidatesOnFailure: true,
    onSuccess: (result) => {
      toast.success(t('dashboard.bulkDone', { count: result.updated }));
      props.onDone();
    },
    showError: 'toast',
  });
  const busy = bulk.isPending;

  useEffect(
    () => (busy ? onRealtime('alarms.bulk.progress', (e) => setProgress({ done: e.done, total: e.total })) : undefined),
    [busy],
  );

  const useSelection = props.selected.length > 0;
  // Without a selection the count comes from the tiles: the buttons wait for them.
  const disabled = busy || (!useSelection && !props.stats);
  const countFor = (action: Action) =>
    changeable(action, {
      selected: props.selected,
      rows: props.rows,
      stats: props.stats,
      statusFilter: props.filters.status,
    });
  const verb = (action: Action) => (action === 'acknowledge' ? 'Acknowledge' : 'Clear');
  const label = (action: Action) =>
    useSelection
      ? t(`dashboard.${action}Selected`, { count: props.selected.length })
      : t(action === 'acknowledge' ? 'dashboard.acknowledgeAll' : 'dashboard.clearAll');

  const run = async (action: Action) => {
    setProgress(null);
    await bulk.run(action);
  };

  const open = (action: Action) =>
    countFor(action) === 0 ? toast.info(t('dashboard.nothingToUpdate')) : setPending(action);
  const count = pending ? countFor(pending) : 0;

  return (
    <>
      {userCan(user, 'alarm.acknowledge') ? (
        <button type="button" className={secondaryButton} disabled={disabled} onClick={() => open('acknowledge')}>
          {label('acknowledge')}
        </button>
      ) : null}
      {userCan(user, 'alarm.clear') ? (
        <button type="button" className={secondaryButton} disabled={disabled} onClick={() => open('clear')}>
          {label('clear')}
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
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending ? t(`dashboard.confirm${verb(pending)}${useSelection ? 'Selected' : 'Filtered'}`, { count }) : ''
        }
        body={t('dashboard.confirmHint')}
        confirmLabel={pending ? t(`dashboard.${pending}Count`, { count }) : ''}
        destructive={pending === 'clear'}
        onConfirm={async () => {
          if (pending) await run(pending);
        }}
      />
    </>
  );
}
