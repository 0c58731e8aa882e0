import type { MaintenanceWindowView } from '@rcm/shared/maintenance';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { LabelledSection } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatInZone } from '@/lib/format.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { maintenanceKeys } from '../api/keys.ts';
import { deleteWindow, type WindowsFilter, windowsQuery } from '../api/windows.ts';
import { WindowForm, type WindowPlace } from './window-form.tsx';

/** Where a window applies, when, and its next (or current) occurrence, in words. */
function useDescribe() {
  const { t } = useTranslation();
  return {
    place: (w: MaintenanceWindowView) =>
      w.rack
        ? t('alarmMgmt.scopeRack', { controller: w.controller?.name ?? '', rack: w.rack })
        : w.controller
          ? (w.controller.name ?? '')
          : `${t('alarmMgmt.scopeLocation')}: ${w.location.name}`,
    when: (w: MaintenanceWindowView) =>
      w.recurrence
        ? `${t('alarmMgmt.weekly', {
            days:
              w.recurrence.days.length === 7
                ? t('alarmMgmt.everyDay')
                : w.recurrence.days.map((d) => t(`alarmMgmt.dayNames.${d}`)).join(', '),
            from: w.recurrence.from,
            to: w.recurrence.to,
          })} (${w.location.time_zone})`
        : t('alarmMgmt.once', {
            from: formatInZone(w.starts_at, w.location.time_zone),
            to: formatInZone(w.ends_at, w.location.time_zone),
          }),
    next: (w: MaintenanceWindowView) =>
      !w.next
        ? t('alarmMgmt.noMoreOccurrences')
        : w.active
          ? t('alarmMgmt.currentOccurrence', { to: formatInZone(w.next.ends_at, w.location.time_zone) })
          : t('alarmMgmt.nextOccurrence', {
              from: formatInZone(w.next.starts_at, w.location.time_zone),
              to: formatInZone(w.next.ends_at, w.location.time_zone, true),
            }),
  };
}

/** "In maintenance until 03:00": the window in force for this controller now, if any. */
export function MaintenanceBanner(props: { controllerId: number }) {
  const { t } = useTranslation();
  const windows = useQuery(windowsQuery({ controller_id: props.controllerId }));
  const now = (windows.data?.data ?? []).filter((w) => w.active && w.next);
  if (now.length === 0) return null;
  const last = now.reduce((a, b) => ((a.next?.ends_at ?? '') >= (b.next?.ends_at ?? '') ? a : b));
  return (
    <div
      role="status"
      className="mb-6 rounded-md border-l-4 border-slate-600 bg-slate-100 p-4 text-sm font-medium text-slate-900 dark:border-slate-300 dark:bg-slate-800 dark:text-slate-100"
    >
      {t('alarmMgmt.inMaintenance', {
        until: formatInZone(last.next?.ends_at ?? '', last.location.time_zone, true),
        reason: last.reason,
      })}
    </div>
  );
}

/** The current and upcoming maintenance windows of a controller or location, and their editing. */
export function MaintenanceWindows(props: { filter: WindowsFilter; place: WindowPlace }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const remove = useApiMutation({ mutationFn: deleteWindow, invalidates: [maintenanceKeys.all] });
  const [page, setPage] = useState(1);
  const windows = useQuery(windowsQuery(props.filter, page));
  const describe = useDescribe();
  const [editing, setEditing] = useState<MaintenanceWindowView | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MaintenanceWindowView | null>(null);
  const canEdit = userCan(user, 'controller.maintain');
  return (
    <LabelledSection
      id="maintenance-windows"
      title={t('alarmMgmt.windows')}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
      headingClassName="text-base font-semibold"
      headerClassName="flex flex-wrap items-center justify-between gap-3"
      actions={
        canEdit ? (
          <button type="button" onClick={() => setAdding(true)} className={primaryButton}>
            {t('alarmMgmt.addWindow')}
          </button>
        ) : null
      }
    >
      <div className="mt-3">
        <QueryState
          query={windows}
          loadingLabel={t('alarmMgmt.windowsLoading')}
          errorLabel={t('alarmMgmt.windowsError')}
        >
          {(list) =>
            list.data.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('alarmMgmt.windowsEmpty')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {list.data.map((w) => (
                  <li key={w.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium break-words">
                        {w.reason}
                        {w.active ? (
                          <span className="ml-2 rounded-full bg-slate-700 px-2 py-0.5 text-xs font-medium text-white dark:bg-slate-200 dark:text-slate-900">
                            {t('alarmMgmt.activeNow')}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-slate-700 dark:text-slate-200">
                        {describe.place(w)} · {describe.when(w)}
                      </p>
                      <p className="text-slate-600 dark:text-slate-300">{describe.next(w)}</p>
                    </div>
                    {canEdit ? (
                      <div className="flex gap-2">
                        <button
                          type="button"
                          onClick={() => setEditing(w)}
                          className={secondaryButton}
                          aria-label={`${t('alarmMgmt.editWindow')}: ${w.reason}`}
                        >
                          {t('alarmMgmt.edit')}
                        </button>
                        <button
                          type="button"
                          onClick={() => setRemoving(w)}
                          className={dangerButton}
                          aria-label={`${t('alarmMgmt.deleteWindow')}: ${w.reason}`}
                        >
                          {t('alarmMgmt.delete')}
                        </button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {windows.data && windows.data.meta.last_page > 1 ? (
          <ListPagination meta={windows.data.meta} onPage={setPage} />
        ) : null}
      </div>
      {canEdit ? (
        <>
          {adding || editing !== null ? (
            <WindowForm
              onClose={() => {
                setAdding(false);
                setEditing(null);
              }}
              place={props.place}
              editing={editing}
            />
          ) : null}
          <ConfirmDialog
            open={removing !== null}
            onClose={() => setRemoving(null)}
            title={t('alarmMgmt.deleteWindow')}
            body={t('alarmMgmt.deleteWindowConfirm', { reason: removing?.reason ?? '' })}
            confirmLabel={t('alarmMgmt.deleteWindow')}
            destructive
            onConfirm={async () => {
              if (removing) await remove.run(removing.id);
            }}
          />
        </>
      ) : null}
    </LabelledSection>
  );
}
