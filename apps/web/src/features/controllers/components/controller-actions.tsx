import type { ControllerDetail } from '@rcm/shared/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { removeController, rotateDeviceKey } from '../api/controllers.ts';
import { controllerKeys } from '../api/keys.ts';
import { DeviceKey } from './device-key.tsx';

/** The controller view's actions: edit, a new device key (shown once), decommission. */
export function ControllerActions(props: { controller: ControllerDetail }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'rotate' | 'decommission' | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const c = props.controller;
  const name = c.name ?? c.mac_address;
  const decommission = useApiMutation({
    mutationFn: removeController,
    invalidates: [controllerKeys.all],
    onSuccess: async () => {
      toast.success(t('controllers.decommissioned', { name }));
      await navigate({ to: '/controllers' });
    },
  });
  if (!c.authorised) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {userCan(user, 'controller.edit') ? (
        <Link to="/controllers/$controllerId/edit" params={{ controllerId: String(c.id) }} className={primaryButton}>
          {t('controllers.edit')}
        </Link>
      ) : null}
      {userCan(user, 'controller.maintain') ? (
        <button type="button" className={secondaryButton} onClick={() => setConfirm('rotate')}>
          {t('controllers.rotateKey')}
        </button>
      ) : null}
      {userCan(user, 'controller.decommission') ? (
        <button type="button" className={dangerButton} onClick={() => setConfirm('decommission')}>
          {t('controllers.decommission')}
        </button>
      ) : null}
      <ConfirmDialog
        open={confirm === 'rotate'}
        onClose={() => setConfirm(null)}
        title={t('controllers.rotateTitle', { name })}
        body={t('controllers.rotateBody')}
        confirmLabel={t('controllers.rotateKey')}
        onConfirm={async () => setNewKey((await rotateDeviceKey(c.id)).device_key)}
      />
      <ConfirmDialog
        open={confirm === 'decommission'}
        onClose={() => setConfirm(null)}
        title={t('controllers.decommissionTitle', { name })}
        body={t('controllers.decommissionBody', { count: c.active_alarms })}
        confirmLabel={t('controllers.decommission')}
        destructive
        onConfirm={() => decommission.run(c.id)}
      />
      <Modal open={newKey !== null} onClose={() => setNewKey(null)} title={t('controllers.newKeyTitle')}>
        {newKey ? <DeviceKey deviceKey={newKey} /> : null}
        <div className="mt-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={() => setNewKey(null)}>
            {t('controllers.keyNoted')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
