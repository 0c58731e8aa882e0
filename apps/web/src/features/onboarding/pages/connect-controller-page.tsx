import { DEVICE_CHANNELS } from '@rcm/shared/device';
import { deviceExampleJson } from '@rcm/shared/device-examples';
import { isAdministrator } from '@rcm/shared/permissions';
import { DEVICE_TOPIC_PREFIX } from '@rcm/shared/provisioning';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '@/components/page.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { Section } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { provisioningQuery } from '../api/provisioning.ts';
import { ConnectGateway } from '../components/connect-gateway.tsx';
import { ProvisioningDetails } from '../components/provisioning-details.tsx';
import { WaitingForController } from '../components/waiting-for-controller.tsx';

const CHANNELS = [
  ['status', 'topicStatus'],
  ['telemetry', 'topicTelemetry'],
  ['alarms', 'topicAlarms'],
] as const;

const tabClass = (active: boolean) =>
  `rounded-t-md border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${active ? 'border-blue-700 text-blue-800 dark:border-blue-300 dark:text-blue-200' : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-200'}`;

/**
 * /controllers/connect: everything an installer needs for the first contact, then a live wait for it;
 * `?via=gateway`: the same for a store gateway, which speaks for the Modbus controllers a store owns.
 */
export function ConnectControllerPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { via } = useSearch({ from: '/controllers/connect' });
  const admin = !!user && isAdministrator(user.permissions);
  const settings = useQuery({ ...provisioningQuery(), enabled: admin });
  const prefix = settings.data?.topic_prefix ?? DEVICE_TOPIC_PREFIX;
  const gateway = via === 'gateway';
  return (
    <Page
      title={gateway ? t('onboarding.gateway.title') : t('onboarding.connect')}
      subtitle={gateway ? t('onboarding.gateway.subtitle') : t('onboarding.connectSubtitle')}
    >
      <nav
        aria-label={t('onboarding.connectWays')}
        className="mb-6 flex gap-1 border-b border-slate-200 dark:border-slate-700"
      >
        <Link
          to="/controllers/connect"
          search={{}}
          aria-current={gateway ? undefined : 'page'}
          className={tabClass(!gateway)}
        >
          {t('onboarding.viaProtocol')}
        </Link>
        <Link
          to="/controllers/connect"
          search={{ via: 'gateway' }}
          aria-current={gateway ? 'page' : undefined}
          className={tabClass(gateway)}
        >
          {t('onboarding.viaGateway')}
        </Link>
      </nav>
      {gateway ? (
        <ConnectGateway admin={admin} settings={settings} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <Section title={t('onboarding.steps')} id="connect-steps">
              <ol className="list-decimal space-y-2 pl-5 text-sm">
                <li>{t('onboarding.step1')}</li>
                <li>{t('onboarding.step2')}</li>
                <li>{t('onboarding.step3')}</li>
              </ol>
            </Section>
            <Section title={t('onboarding.topics')} id="connect-topics">
              <ul className="space-y-1 text-sm">
                {CHANNELS.map(([channel, label]) => (
                  <li key={channel}>
                    <code className="font-mono">{`${prefix}/{mac}/${channel}`}</code> · {t(`onboarding.${label}`)}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t('onboarding.topicsHint')}</p>
            </Section>
            <WaitingForController />
            <Section title={t('deviceMessages.examplesTitle')} id="connect-messages">
              <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('deviceMessages.examplesHint')}</p>
              <div className="space-y-4">
                {DEVICE_CHANNELS.map((channel) => (
                  <CopyField
                    key={channel}
                    label={`${t(`deviceMessages.example.${channel}`)} · ${prefix}/{mac}/${channel}`}
                    value={deviceExampleJson(channel)}
                    multiline
                  />
                ))}
              </div>
              <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{t('deviceMessages.refusedHint')}</p>
            </Section>
          </div>
          <div className="space-y-6">
            {!admin ? (
              <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {t('onboarding.keyAdminOnly')}
              </p>
            ) : settings.isPending ? (
              <Spinner label={t('common.loading')} />
            ) : settings.isError ? (
              <p role="alert">{t('onboarding.loadError')}</p>
            ) : (
              <ProvisioningDetails settings={settings.data} />
            )}
          </div>
        </div>
      )}
    </Page>
  );
}
