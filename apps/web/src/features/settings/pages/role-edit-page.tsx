import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';
import { deleteRole, roleQuery } from '../api/settings.ts';
import { RoleForm } from '../components/role-form.tsx';

/** /settings/roles/{id}/edit: name, colour and the permission matrix. */
export function RoleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams({ from: '/settings/roles/$id/edit' });
  const role = useQuery({ ...roleQuery(Number(id)), enabled: Number.isInteger(Number(id)) });
  const remove = useApiMutation({
    mutationFn: deleteRole,
    invalidates: [settingsKeys.kind('roles')],
    onSuccess: async () => {
      toast.success(t('settings.deleted', { name: role.data?.name }));
      await navigate({ to: '/settings/roles' });
    },
  });
  return (
    <SettingsLayout title={t('settings.roles.editTitle')} subtitle={role.data?.name}>
      <QueryState pending={role.isPending} error={false} onRetry={() => void role.refetch()}>
        {role.data ? (
          <div className={`space-y-6 p-6 ${cardClass}`}>
            <RoleForm
              key={role.data.id}
              current={role.data}
              matrix
              onSaved={async () => {
                toast.success(t('settings.saved'));
                await navigate({ to: '/settings/roles' });
              }}
            />
            <ConfirmButton
              label={t('settings.roles.delete')}
              title={t('settings.roles.deleteTitle', { name: role.data.name })}
              body={t('settings.roles.deleteBody')}
              destructive
              onConfirm={() => remove.run(Number(id))}
            />
          </div>
        ) : (
          <p role="alert">{t('settings.notFound')}</p>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
