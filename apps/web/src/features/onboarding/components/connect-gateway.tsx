import {
  GATEWAY_CHECK_COMMAND,
  GATEWAY_RUN_COMMAND,
  GATEWAY_SERVICE_STEPS,
  gatewayConfigYaml,
} from '@rcm/shared/gateway-setup';
import type { ProvisioningSettings } from '@rcm/shared/provisioning';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { Section } from '@/components/ui/section.tsx';
import { WaitingForController } from './waiting-for-controller.tsx';

/**
 * "Connect a store gateway": the steps, the live wait for the gateway's announcement (its birth message),
 * the `gateway.yaml` to start from with this install's MQTT address and provisioning key, and the
 * commands that check and run it, from a copy of the project or as a service on a store box.
 */
export function ConnectGateway(props: {
  admin: boolean;
  settings: { isPending: boolean; isError: boolean; data?: ProvisioningSettings };
}) {
  const { t } = useTranslation();
  const s = props.settings.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('onboarding.steps')} id="gateway-steps">
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            <li>{t('onboarding.gateway.step1')}</li>
            <li>{t('onboarding.gateway.step2')}</li>
            <li>{t('onboarding.gateway.step3')}</li>
            <li>{t('onboarding.gateway.step4')}</li>
          </ol>
        </Section>
        <div className="space-y-6">
          <WaitingForController kind="gateway" />
          <Section title={t('onboarding.gateway.runTitle')} id="gateway-run">
            <div className="space-y-4">
              <CopyField label={t('onboarding.gateway.check')} value={GATEWAY_CHECK_COMMAND} />
              <CopyField label={t('onboarding.gateway.run')} value={GATEWAY_RUN_COMMAND} />
            </div>
          </Section>
        </div>
      </div>
      <Section title={t('onboarding.gateway.configTitle')} id="gateway-config">
        {!props.admin ? (
          <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t('onboarding.keyAdminOnly')}
          </p>
        ) : props.settings.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : props.settings.isError || !s ? (
          <p role="alert">{t('onboarding.loadError')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('onboarding.gateway.configHint')}</p>
            {s.mqtt_url && s.mqtt_first_contact ? null : (
              <div
                role="note"
                className="mb-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              >
                {t(s.mqtt_url ? 'onboarding.gateway.externalBroker' : 'onboarding.gateway.noMqtt')}
              </div>
            )}
            <CopyField label="gateway.yaml" value={gatewayConfigYaml(s)} multiline />
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{t('onboarding.gateway.profilesHint')}</p>
          </>
        )}
      </Section>
      <Section title={t('onboarding.gateway.serviceTitle')} id="gateway-service">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('onboarding.gateway.serviceHint')}</p>
        <CopyField label={t('onboarding.gateway.serviceSteps')} value={GATEWAY_SERVICE_STEPS} multiline />
      </Section>
    </div>
  );
}
