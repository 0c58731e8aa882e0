import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, Spinner } from '@/components/page.tsx';
import { OnlineStatus } from '@/components/status-dot.tsx';
import { RelatedJobs } from '@/features/jobs/index.ts';
import { MaintenanceBanner, MaintenanceWindows } from '@/features/maintenance/index.ts';
import { EmailNotificationsTable } from '@/features/notifications/index.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime, formatDay } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { userCan } from '@/lib/user-can.ts';
import { controllerQuery, racksQuery } from '../api/controllers.ts';
import { controllerKeys } from '../api/keys.ts';
import { ControllerActions } from '../components/controller-actions.tsx';
import { ControllerAlarmsTab } from '../components/controller-alarms-tab.tsx';
import { ControllerLink } from '../components/controller-link.tsx';
import { RackTab } from '../components/rack-tab.tsx';
import { RefrigerantTab } from '../components/refrigerant-tab.tsx';
import { RefusedMessages } from '../components/refused-messages.tsx';
import { ChildState } from '../gateways/child-state.tsx';
import { GatewaySection } from '../gateways/gateway-section.tsx';

function Field(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">{props.label}</dt>
      <dd className="mt-0.5 text-sm">{props.children ?? '—'}</dd>
    </div>
  );
}

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium sm:px-4 text-slate-700 data-hover:text-slate-900 data-selected:border-blue-700 data-selected:text-blue-800 dark:text-slate-200 dark:data-selected:border-blue-300 dark:data-selected:text-blue-200';

/** /controllers/{id}/view: the controller's fields, its active-alarm banner and the five tabs. */
export function ControllerViewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { controllerId } = useParams({ from: '/controllers/$controllerId/view' });
  const id = Number(controllerId);
  const controller = useQuery({
    ...controllerQuery(id),
    enabled: Number.isInteger(id) && id > 0,
    // A gateway sends its status every 30 s (and on a child's change): its page follows it.
    refetchInterval: (q) => (q.state.data?.kind === 'gateway' ? 30_000 : false),
  });
  // The racks a new maintenance window may name (only those who may create one need them).
  const racks = useQuery({
    ...racksQuery(id),
    enabled: Number.isInteger(id) && id > 0 && userCan(user, 'controller.maintain'),
  });

  // The banner and status follow this controller's alarms and connection as they change.
  useLiveQuery(controllerKeys.detail(id), {
    'alarm.raised': (a) => a.controller.id === id,
    'alarm.updated': (a) => a.controller.id === id,
    'controller.status': (e) => e.controller_id === id,
  });

  if (!Number.isInteger(id) || id <= 0 || (controller.error instanceof ApiError && controller.error.status === 404)) {
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('controllers.notFound')}</p>
      </Page>
    );
  }
  if (controller.isPending)
    return (
      <Page title={t('controllers.title')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  if (controller.isError)
    return (
      <Page title={t('controllers.title')}>
        <p role="alert">{t('errors.generic')}</p>
      </Page>
    );
  const c = controller.data;

  return (
    <Page title={c.name ?? c.mac_address} subtitle={c.mac_address} actions={<ControllerActions controller={c} />}>
      {c.active_alarms > 0 ? (
        <div
          role="status"
          className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {t('controllers.activeAlarmBanner')}
        </div>
      ) : null}
      <MaintenanceBanner controllerId={c.id} />
      {c.gateway ? (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">
          {t('gateways.readThrough')} <ControllerLink controller={c.gateway} />
          {' · '}
          {t('gateways.childOf', { unit: c.device_address ?? '—', bus: c.bus ?? '—', model: c.device_model ?? '—' })}
        </p>
      ) : c.kind === 'gateway' ? (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">{t('gateways.isGateway')}</p>
      ) : null}
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700 dark:bg-slate-900">
        <Field label={t('controllers.status')}>
          <OnlineStatus online={c.online} lastSeenAt={c.last_seen_at} />
          {!c.online && c.offline_reason ? (
            <span className="mt-1 block">
              <ChildState online={false} state={null} reason={c.offline_reason} />
            </span>
          ) : null}
        </Field>
        {c.gateway ? (
          <>
            <Field label={t('gateways.gateway')}>
              <ControllerLink controller={c.gateway} />
            </Field>
            <Field label={t('gateways.bus')}>{c.bus}</Field>
            <Field label={t('gateways.unitId')}>{c.device_address}</Field>
            <Field label={t('gateways.model')}>{c.device_model}</Field>
          </>
        ) : null}
        <Field label={t('controllers.organization')}>{c.organisation?.name}</Field>
        <Field label={t('controllers.location')}>{c.location?.name}</Field>
        <Field label={t('controllers.address')}>{c.location?.address}</Field>
        <Field label={t('controllers.storeAlias')}>{c.store_alias}</Field>
        {c.gateway ? null : (
          <>
            <Field label={t('dashboard.deviceAddr')}>{c.device_address}</Field>
            <Field label={t('controllers.deviceModel')}>{c.device_model}</Field>
          </>
        )}
        <Field label={t('controllers.vendorEndpoint')}>{c.vendor_endpoint}</Field>
        <Field label={t('controllers.warrantyExpiry')}>{formatDay(c.warranty_expiry)}</Field>
        <Field label={t('controllers.authorisation')}>
          {c.authorised ? t('controllers.authorised') : t('pending.status')}
        </Field>
        <Field label={t('controllers.secureMode')}>{c.secure_mode ? t('controllers.yes') : t('controllers.no')}</Field>
        <Field label={t('controllers.lastSeenAt')}>{formatDateTime(c.last_seen_at)}</Field>
      </dl>
      <RefusedMessages rejections={c.rejections} />
      {c.kind === 'gateway' ? <GatewaySection gateway={c} /> : null}
      {c.location ? (
        <div className="mt-6">
          <MaintenanceWindows
            filter={{ controller_id: c.id }}
            place={{
              locationId: c.location.id,
              timeZone: c.location.time_zone,
              controller: { id: c.id, racks: (racks.data ?? []).map((r) => r.ref) },
            }}
          />
        </div>
      ) : null}
      <TabGroup className="mt-6">
        <TabList
          aria-label={t('controllers.tabs')}
          className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-700"
        >
          <Tab className={tabClass}>{t('controllers.tabRack')}</Tab>
          <Tab className={tabClass}>{t('controllers.tabJobs')}</Tab>
          <Tab className={tabClass}>{t('controllers.tabAlarms')}</Tab>
          <Tab className={tabClass}>{t('controllers.tabNotifications')}</Tab>
          <Tab className={tabClass}>{t('refrigerant.tab')}</Tab>
        </TabList>
        <TabPanels className="rounded-b-lg border border-t-0 border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
          <TabPanel>
            <RackTab controllerId={c.id} />
          </TabPanel>
          <TabPanel>
            {userCan(user, 'job.view') ? (
              <RelatedJobs
                filter={{ controller_id: c.id }}
                caption={t('controllers.tabJobs')}
                emptyTitle={t('controllers.noJobsTitle')}
                emptyBody={t('controllers.noJobsBody')}
              />
            ) : (
              <EmptyState title={t('controllers.noJobsTitle')} body={t('controllers.noJobsBody')} />
            )}
          </TabPanel>
          <TabPanel>
            <ControllerAlarmsTab controllerId={c.id} />
          </TabPanel>
          <TabPanel>
            <EmailNotificationsTable source={{ controllerId: c.id }} />
          </TabPanel>
          <TabPanel>
            <RefrigerantTab controllerId={c.id} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Page>
  );
}
