import { isAdministrator } from '@rcm/shared/permissions';
import { DEVICE_TOPIC_PREFIX } from '@rcm/shared/provisioning';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '../../components/page.tsx';
import { Section } from '../../components/ui/section.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { provisioningQuery } from './api.ts';
import { ProvisioningDetails } from './provisioning-details.tsx';
import { WaitingForController } from './waiting-for-controller.tsx';

const CHANNELS = [
  ['status', 'topicStatus'],
  ['telemetry', 'topicTelemetry'],
  ['alarms', 'topicAlarms'],
] as const;

/** /controllers/connect: everything an installer needs for the first contact, then a live wait for it. */
export function ConnectControllerPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = !!user && isAdministrator(user.permissions);
  const settings = useQuery({ ...provisioningQuery(), enabled: admin });
  const prefix = settings.data?.topic_prefix ?? DEVICE_TOPIC_PREFIX;
  return (
    <Page title={t('onboarding.connect')} subtitle={t('onboarding.connectSubtitle')}>
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
    </Page>
  );
}
