import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { RootError } from '@/components/ui/form.tsx';
import { Section } from '@/components/ui/section.tsx';
import { ApiError, failureMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import {
  pushPublicKeyQuery,
  pushSubscriptionsQuery,
  removePushSubscription,
  savePushSubscription,
} from '../api/channels.ts';
import { channelKeys } from '../api/keys.ts';
import { currentSubscription, pushSupported, subscribe } from '../api/push-device.ts';

/** "Push on your devices": enable push on this browser, see and remove the devices that have it. */
export function PushSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useQuery(pushSubscriptionsQuery());
  const [here, setHere] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const supported = pushSupported();
  const denied = supported && Notification.permission === 'denied';

  useEffect(() => {
    void currentSubscription().then((s) => setHere(s?.endpoint ?? null));
  }, []);

  // This browser's subscription, saved; null when the person refused notifications.
  const enabling = useApiMutation({
    mutationFn: async () => {
      const key = await queryClient.fetchQuery(pushPublicKeyQuery());
      let subscription = await subscribe(key);
      if (!subscription) return null;
      try {
        await savePushSubscription(subscription.toJSON());
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'push_endpoint_taken')) throw err;
        // The browser's subscription is another person's (who used push here before): one of its own.
        await subscription.unsubscribe();
        subscription = await subscribe(key);
        if (!subscription) throw err;
        await savePushSubscription(subscription.toJSON());
      }
      return subscription;
    },
    invalidates: (subscription) => (subscription ? [channelKeys.account] : []),
    onSuccess: (subscription) => {
      if (!subscription) return setError(t('channels.push.denied'));
      setHere(subscription.endpoint);
      toast.success(t('channels.push.enabled'));
    },
  });
  const enable = async () => {
    setError(undefined);
    try {
      await enabling.run();
    } catch (err) {
      setError(failureMessage(err, t('channels.push.failed')));
    }
  };
  const remove = useApiMutation({
    mutationFn: async (device: { id: number; endpoint: string }) => {
      if (device.endpoint === here) {
        await (await currentSubscription())?.unsubscribe();
        setHere(null);
      }
      await removePushSubscription(device.id);
    },
    invalidates: [channelKeys.account],
  });

  const list = devices.data ?? [];
  const enabledHere = here !== null && list.some((d) => d.endpoint === here);
  return (
    <Section id="push-devices" title={t('channels.push.title')}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('channels.push.intro')}</p>
      <RootError message={error} />
      <div className="mt-3">
        {!supported ? (
          <p className="text-sm">{t('channels.push.unsupported')}</p>
        ) : denied ? (
          <p className="text-sm">{t('channels.push.blocked')}</p>
        ) : enabledHere ? (
          <p className="text-sm font-medium">{t('channels.push.enabledHere')}</p>
        ) : (
          <button type="button" className={primaryButton} onClick={enable} disabled={enabling.isPending}>
            {enabling.isPending ? t('channels.push.enabling') : t('channels.push.enable')}
          </button>
        )}
      </div>
      {devices.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('channels.push.none')}</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={t('channels.push.devices')}>
          {list.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="text-sm">
                <span className="font-medium">
                  {d.endpoint === here ? t('channels.push.thisDevice') : t('channels.push.otherDevice')}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {t('channels.push.since', { at: formatDateTime(d.created_at) })}
                  {d.user_agent ? ` · ${d.user_agent.slice(0, 80)}` : ''}
                </span>
              </div>
              <ConfirmButton
                label={t('channels.push.remove')}
                title={t('channels.push.removeTitle')}
                body={t('channels.push.removeBody')}
                destructive
                onConfirm={() => remove.run(d)}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
