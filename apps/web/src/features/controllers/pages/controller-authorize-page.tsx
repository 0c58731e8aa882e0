import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '@/components/page.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { controllerQuery } from '../api/controllers.ts';
import { AuthorizeForm } from '../components/authorize-form.tsx';
import { DeviceKey } from '../components/device-key.tsx';
import { unauthorizedControllersQuery } from '../pending/get-unauthorized-controllers.ts';

/**
 * /controllers/{id}/authorise: assign a pending controller to an organization and location. Its
 * device key is shown once, to be entered on the controller by the installer.
 */
export function ControllerAuthorizePage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams({ from: '/controllers/$id/authorise' });
  const id = Number(rawId);
  const controller = useQuery({ ...controllerQuery(id), enabled: Number.isInteger(id) });
  const [key, setKey] = useState<string | null>(null);
  // A pending gateway's announced children (they are authorized with it).
  const pending = useQuery({ ...unauthorizedControllersQuery(), enabled: controller.data?.kind === 'gateway' });

  if (controller.isPending || !controller.data)
    return (
      <RecordMissing
        pending={controller.isPending}
        title={t('controllers.authorizeTitle')}
        notFound={t('controllers.notFound')}
      />
    );
  const c = controller.data;

  if (key || c.authorised) {
    return (
      <Page title={t('controllers.authorizeTitle')} subtitle={c.mac_address}>
        <div
          role="status"
          className="max-w-2xl rounded-lg border border-emerald-300 bg-emerald-50 p-6 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <p className="font-semibold">{key ? t('controllers.authorizedDone') : t('controllers.alreadyAuthorized')}</p>
          {key ? (
            <DeviceKey deviceKey={key} hint={c.kind === 'gateway' ? t('gateways.deviceKeyHint') : undefined} />
          ) : null}
          <p className="mt-4">
            <Link
              to="/controllers/$controllerId/view"
              params={{ controllerId: String(c.id) }}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              {t('controllers.openController')}
            </Link>
          </p>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('controllers.authorizeTitle')} subtitle={c.mac_address}>
      <p className="mb-4 max-w-2xl text-sm text-slate-700 dark:text-slate-200">{t('pending.description')}</p>
      {c.kind === 'gateway' ? (
        <p
          role="note"
          className="mb-4 max-w-2xl rounded-md border-l-4 border-blue-700 bg-blue-50 p-3 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-50"
        >
          {t('gateways.authorizeChildren', {
            count: pending.data?.find((p) => p.id === c.id)?.children ?? 0,
          })}
        </p>
      ) : null}
      <dl className="mb-6 grid max-w-2xl grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase text-slate-600 dark:text-slate-300">
            {t('controllers.deviceModel')}
          </dt>
          <dd>{c.device_model ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase text-slate-600 dark:text-slate-300">
            {t('controllers.firstSeen')}
          </dt>
          <dd>{formatDateTime(c.created_at)}</dd>
        </div>
      </dl>
      <AuthorizeForm controllerId={id} onAuthorized={setKey} />
    </Page>
  );
}
