import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideOver } from '@/components/slide-over.tsx';
import { dangerButton, destructiveButton, linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ListState } from '@/components/ui/data-table.tsx';
import { StrokeIcon } from '@/components/ui/stroke-icon.tsx';
import { failureMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { anyControllerQuery } from '../api/any-controller.ts';
import { controllerKeys } from '../api/keys.ts';
import { rejectController, unauthorizedControllersQuery } from './get-unauthorized-controllers.ts';

/**
 * Rejects a controller that should not be here (a neighbour's, a test unit): asked twice in the row
 * itself; it leaves the list, and comes back if it announces itself again.
 */
function RejectButton(props: { id: number; mac: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const rejecting = useApiMutation({
    mutationFn: () => rejectController(props.id),
    invalidates: [controllerKeys.unauthorized],
    onSuccess: () => toast.success(t('pending.rejected', { mac: props.mac })),
  });
  if (!asking)
    return (
      <button type="button" className={dangerButton} onClick={() => setAsking(true)}>
        {t('pending.reject')}
        <span className="sr-only"> {props.mac}</span>
      </button>
    );
  const reject = async () => {
    try {
      await rejecting.run();
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
      setAsking(false);
    }
  };
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="float-left mr-2 text-xs text-slate-700 dark:text-slate-200">
        {t('pending.rejectAsk', { mac: props.mac })}
      </legend>
      <button type="button" className={destructiveButton} disabled={rejecting.isPending} onClick={() => void reject()}>
        {t('pending.rejectConfirm')}
      </button>
      <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </fieldset>
  );
}

/** The shell's button (controller_authorize) and the 'Controllers Pending Authorization' slide-over. */
export function PendingControllers() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const query = useQuery(unauthorizedControllersQuery());
  const count = query.data?.length ?? 0;
  // Asked only when the list is empty: "All Done!" is for an installation that has controllers.
  const any = useQuery({ ...anyControllerQuery(), enabled: open && query.data?.length === 0 });
  const first = any.data === false;

  // A controller announcing itself updates the badge at once (the server tells `pending` sockets).
  useLiveQuery(unauthorizedControllersQuery().queryKey, { 'controller.pending': true });
  useLiveQuery(anyControllerQuery().queryKey, { 'controller.pending': true });

  const show = () => {
    // The list is reloaded on each open.
    void queryClient.resetQueries({ queryKey: unauthorizedControllersQuery().queryKey });
    void queryClient.resetQueries({ queryKey: anyControllerQuery().queryKey });
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        onClick={show}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <span className="sr-only">{t('pending.button')}</span>
        <StrokeIcon strokeWidth="1.6">
          <rect x="3" y="5" width="18" height="12" rx="2" />
          <path d="M7 21h10M12 17v4M7 9h2M7 13h4" strokeLinecap="round" />
          <circle cx="16.5" cy="11" r="2" />
        </StrokeIcon>
        {count > 0 ? (
          <span className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-amber-700 px-1 text-xs font-semibold text-white">
            {count}
          </span>
        ) : null}
      </button>
      <SlideOver
        open={open}
        onClose={() => setOpen(false)}
        title={t('pending.title')}
        description={t('pending.description')}
        closeLabel={t('pending.close')}
      >
        <ListState
          pending={query.isPending || (query.data?.length === 0 && any.isPending)}
          error={query.isError}
          empty={(query.data ?? []).length === 0}
          loadingLabel={t('pending.loading')}
          errorLabel={t('pending.error')}
          emptyTitle={first ? t('pending.firstTitle') : t('pending.emptyTitle')}
          emptyBody={first ? t('pending.firstBody') : t('pending.emptyBody')}
          emptyAction={
            first ? (
              <div className="mt-4">
                <Link to="/controllers/connect" onClick={() => setOpen(false)} className={primaryButton}>
                  {t('pending.connect')}
                </Link>
              </div>
            ) : undefined
          }
          onRetry={() => void query.refetch()}
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {(query.data ?? []).map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    to="/controllers/$id/authorise"
                    params={{ id: String(c.id) }}
                    onClick={() => setOpen(false)}
                    className={`font-mono text-sm ${linkClass}`}
                  >
                    {c.mac_address}
                  </Link>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-300">
                    {c.name ?? t('pending.unnamed')}
                  </p>
                  {c.kind === 'gateway' ? (
                    <p className="text-xs text-slate-600 dark:text-slate-300">
                      {t('pending.gateway', { count: c.children ?? 0 })}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1.5">
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                    <span className="size-1.5 rounded-full bg-amber-600" aria-hidden="true" />
                    {t('pending.status')}
                  </span>
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    <Link
                      to="/controllers/$id/authorise"
                      params={{ id: String(c.id) }}
                      onClick={() => setOpen(false)}
                      className={primaryButton}
                    >
                      {t('pending.authorize')}
                      <span className="sr-only"> {c.mac_address}</span>
                    </Link>
                    <RejectButton id={c.id} mac={c.mac_address} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </SlideOver>
    </>
  );
}
