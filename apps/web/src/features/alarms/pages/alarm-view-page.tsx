import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, Spinner } from '@/components/page.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { Section } from '@/components/ui/section.tsx';
import { MyAlarmPages } from '@/features/channels/index.ts';
import { CreateJobButton, RelatedJobs } from '@/features/jobs/index.ts';
import { EmailNotificationsTable } from '@/features/notifications/index.ts';
import { AlarmPages } from '@/features/oncall/index.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { reasonText } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { userCan } from '@/lib/user-can.ts';
import { alarmQuery } from '../api/get-alarm.ts';
import { typeName } from '../api/get-alarm-types.ts';
import { alarmKeys } from '../api/keys.ts';
import { AlarmDetails } from '../components/alarm-details.tsx';
import { AlarmNotes } from '../components/alarm-notes.tsx';
import { AlarmProgress } from '../components/alarm-progress.tsx';
import { AlarmState } from '../components/alarm-state.tsx';
import { ClearAlarmDialog } from '../components/clear-dialog.tsx';
import { ShelveDialog } from '../components/shelve-dialog.tsx';
import { useAlarmActions } from '../use-alarm-actions.ts';

const AlarmMetrics = lazy(() => import('../components/alarm-metrics.tsx').then((m) => ({ default: m.AlarmMetrics })));

/** /alarms/{ref}/view: details, progress, actions, notes, notifications, related jobs, metrics. */
export function AlarmViewPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { alarmMetadataRef } = useParams({ from: '/alarms/$alarmMetadataRef/view' });
  const ref = Number(alarmMetadataRef);
  const alarm = useQuery({ ...alarmQuery(ref), enabled: Number.isInteger(ref) && ref > 0 });
  const { busy, act, confirmed, unshelve } = useAlarmActions(ref);
  const [clearing, setClearing] = useState(false);
  const [shelving, setShelving] = useState(false);

  useLiveQuery(alarmKeys.detail(ref), { 'alarm.updated': (a) => a.ref === ref });

  if (
    !Number.isInteger(ref) ||
    ref <= 0 ||
    (alarm.isError && alarm.error instanceof ApiError && alarm.error.status === 404)
  ) {
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('alarmView.notFound')}</p>
      </Page>
    );
  }
  if (alarm.isPending) {
    return (
      <Page title={t('alarmView.title', { ref })}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  }
  if (alarm.isError) {
    return (
      <Page title={t('alarmView.title', { ref })}>
        <p role="alert">{t('errors.generic')}</p>
      </Page>
    );
  }
  const a = alarm.data;
  const canAck = userCan(user, 'alarm.acknowledge', a);
  const canClear = userCan(user, 'alarm.clear', a);
  const canShelve = userCan(user, 'alarm.shelve', a);

  return (
    <Page
      title={t('alarmView.title', { ref })}
      subtitle={typeName(a.alarm_type, i18n.language)}
      actions={
        <div className="flex flex-wrap gap-2">
          {canAck ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('acknowledge')}
              className="rounded-md bg-amber-600 px-4 py-2 text-sm font-semibold text-black hover:bg-amber-500 disabled:opacity-60"
            >
              {t('alarmView.acknowledge')}
            </button>
          ) : null}
          {canClear ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => setClearing(true)}
              className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
            >
              {t('alarmView.clear')}
            </button>
          ) : null}
          {canShelve && a.shelved_until === null ? (
            <button type="button" disabled={busy} onClick={() => setShelving(true)} className={secondaryButton}>
              {t('alarmMgmt.shelve')}
            </button>
          ) : null}
          {canShelve && a.shelved_until !== null ? (
            <button type="button" disabled={busy} onClick={() => void unshelve()} className={secondaryButton}>
              {t('alarmMgmt.unshelve')}
            </button>
          ) : null}
          {userCan(user, 'job.create') ? (
            <CreateJobButton
              alarm={{
                ref: a.ref,
                reason: reasonText(a, i18n.language),
                location_id: a.location_id,
                controller_id: a.controller.id,
              }}
            />
          ) : null}
        </div>
      }
    >
      {canClear ? (
        <ClearAlarmDialog
          open={clearing}
          onClose={() => setClearing(false)}
          alarm={a}
          onClear={() => confirmed('clear')}
          onAcknowledge={canAck ? () => confirmed('acknowledge') : undefined}
          alternatives={
            canShelve && a.shelved_until === null ? (
              <button
                type="button"
                onClick={() => {
                  setClearing(false);
                  setShelving(true);
                }}
                className={secondaryButton}
              >
                {t('alarmMgmt.shelve')}
              </button>
            ) : null
          }
        />
      ) : null}
      {canShelve ? <ShelveDialog open={shelving} onClose={() => setShelving(false)} alarmRef={a.ref} /> : null}
      <div className="space-y-6">
        <AlarmState alarm={a} />
        <AlarmProgress alarm={a} />
        <AlarmDetails alarm={a} />
        <Section title={t('alarmView.notes')} id="alarm-notes">
          <AlarmNotes
            key={a.notes}
            alarmRef={ref}
            notes={a.notes}
            by={a.notes_by}
            at={a.notes_at}
            canEdit={userCan(user, 'alarm.annotate')}
          />
        </Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title={t('oncall.paged')} id="alarm-pages">
            <AlarmPages
              alarmRef={ref}
              severity={a.severity}
              open={a.status === 'active' && !a.suppressed && !a.shelved_until}
            />
          </Section>
          <Section title={t('channels.mine.title')} id="alarm-my-pages">
            <MyAlarmPages alarmRef={ref} />
          </Section>
          <Section title={t('alarmView.emailNotifications')} id="alarm-emails">
            <EmailNotificationsTable source={{ alarmRef: ref }} />
          </Section>
          <Section title={t('alarmView.relatedJobs')} id="alarm-jobs">
            {userCan(user, 'job.view') ? (
              <RelatedJobs
                filter={{ alarm_id: a.id }}
                caption={t('alarmView.relatedJobs')}
                emptyTitle={t('alarmView.noJobsTitle')}
                emptyBody={t('alarmView.noJobsBody')}
              />
            ) : (
              <EmptyState title={t('alarmView.noJobsTitle')} body={t('alarmView.noJobsBody')} />
            )}
          </Section>
        </div>
        <Section title={t('alarmView.metrics')} id="alarm-metrics">
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <AlarmMetrics alarm={a} />
          </Suspense>
        </Section>
      </div>
    </Page>
  );
}
