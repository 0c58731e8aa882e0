import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '@/components/ui/button.ts';
import { alarmsQuery } from '@/features/alarms/index.ts';
import { CreateJobButton } from '@/features/jobs/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';

/**
 * Beside a rack whose liquid level is falling (a leak suspected) while no leak repair is open: what
 * to do next. Log a leak inspection (its result opens or rules out the repair), or create a job from
 * the suspected-leak alarm.
 */
export function LeakNextStep(props: { controllerId: number; rackRef: string; onInspect: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const canLog = userCan(user, 'controller.maintain');
  const canJob = userCan(user, 'job.create');
  const alarms = useQuery(
    alarmsQuery({
      type: 'REFRIGERANT_LEAK_SUSPECTED',
      controller_id: props.controllerId,
      status: 'active,acknowledged',
    }),
  );
  const alarm = alarms.data?.data.find((a) => a.rack_ref === props.rackRef);
  return (
    <div
      role="note"
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-medium">{t('refrigerant.leakNextTitle')}</p>
      <p className="mt-1">{t('refrigerant.leakNextBody')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canLog ? (
          <button type="button" className={secondaryButton} onClick={props.onInspect}>
            {t('refrigerant.leakNextInspect')}
          </button>
        ) : null}
        {alarm && canJob ? <CreateJobButton alarm={{ ...alarm, controller_id: props.controllerId }} /> : null}
        {alarm ? (
          <Link
            to="/alarms/$alarmMetadataRef/view"
            params={{ alarmMetadataRef: String(alarm.ref) }}
            className="font-medium underline underline-offset-2"
          >
            {t('refrigerant.leakNextAlarm', { ref: alarm.ref })}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
