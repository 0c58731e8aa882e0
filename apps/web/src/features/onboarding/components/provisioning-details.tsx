import { type ProvisioningSettings, simulatorCommand } from '@rcm/shared/provisioning';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { Section } from '@/components/ui/section.tsx';
import { toast } from '@/lib/toast.ts';
import { provisioningQuery, rotateProvisioningKey } from '../api/provisioning.ts';

/** The endpoints, the provisioning key (rotatable, after a confirmation) and the simulator command. */
export function ProvisioningDetails(props: { settings: ProvisioningSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const s = props.settings;
  const rotate = async () => {
    const next = await rotateProvisioningKey();
    queryClient.setQueryData(provisioningQuery().queryKey, next);
    toast.success(t('onboarding.rotated'));
  };
  return (
    <>
      <Section title={t('onboarding.endpoints')} id="connect-endpoints">
        <div className="space-y-4">
          {s.mqtt_url ? (
            <CopyField label={t('onboarding.mqttUrl')} value={s.mqtt_url} />
          ) : (
            <p>{t('onboarding.noMqtt')}</p>
          )}
          <CopyField
            label={t('onboarding.httpUrl')}
            value={s.http_url}
            hint={t('onboarding.httpHint', { url: s.http_url })}
          />
          {s.http_url.startsWith('https://') ? null : (
            <div
              role="note"
              className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              <p className="font-semibold">{t('deviceMessages.plainHttpTitle')}</p>
              <p className="mt-1">{t('deviceMessages.plainHttp')}</p>
            </div>
          )}
          {s.mqtt_url && !s.mqtt_first_contact ? <p className="text-sm">{t('onboarding.httpFirstContact')}</p> : null}
        </div>
      </Section>
      <Section title={t('onboarding.key')} id="connect-key">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('onboarding.keyHint')}</p>
        <CopyField label={t('onboarding.key')} value={s.provisioning_key} />
        <button type="button" className={`${dangerButton} mt-3`} onClick={() => setAsking(true)}>
          {t('onboarding.rotate')}
        </button>
        <ConfirmDialog
          open={asking}
          onClose={() => setAsking(false)}
          title={t('onboarding.rotateTitle')}
          body={t('onboarding.rotateBody')}
          confirmLabel={t('onboarding.rotate')}
          destructive
          onConfirm={rotate}
        />
      </Section>
      <Section title={t('onboarding.simulator')} id="connect-simulator">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('onboarding.simulatorHint')}</p>
        <CopyField label={t('onboarding.command')} value={simulatorCommand(s)} />
      </Section>
    </>
  );
}
