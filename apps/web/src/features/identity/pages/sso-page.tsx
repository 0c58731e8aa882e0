import type { SsoConnection } from '@rcm/shared/sso';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { SettingsLayout } from '@/components/settings-layout.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { organizationOptionsQuery } from '@/features/settings/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { identityKeys } from '../api/keys.ts';
import { deleteSsoConnection, ssoConnectionsQuery } from '../api/sso.ts';
import { SsoConnectionDialog } from '../components/sso-connection-dialog.tsx';

/**
 * /settings/single-sign-on: the organization's OpenID Connect providers. Its administrators add,
 * change and remove them; staff who see every organization choose which organization first.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const global = userCan(me, 'shared.edit');
  const orgs = useQuery({ ...organizationOptionsQuery(), enabled: global });
  const [picked, setPicked] = useState<number | null>(null);
  const organizationId = picked ?? me?.organisation.id ?? 0;
  const query = useQuery(ssoConnectionsQuery(organizationId));
  const [editing, setEditing] = useState<SsoConnection | 'new' | null>(null);
  const [removing, setRemoving] = useState<SsoConnection | null>(null);
  const pickerId = useId();
  const k = (key: string) => t(`settings.sso.${key}`);
  const remove = useApiMutation({
    mutationFn: (connection: SsoConnection) => deleteSsoConnection(connection.id),
    invalidates: [identityKeys.sso(organizationId)],
    onSuccess: (_, connection) => toast.success(t('settings.sso.deleted', { name: connection.name })),
  });

  return (
    <SettingsLayout title={t('settings.sections.sso')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-200">{k('help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        {global ? (
          <div className="w-full sm:w-72">
            <label htmlFor={pickerId} className="block text-sm font-medium">
              {k('organization')}
            </label>
            <select
              id={pickerId}
              className={inputClass}
              value={organizationId}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {(orgs.data ?? [me?.organisation].filter((o) => !!o)).map((o) => (
                <option key={o?.id} value={o?.id}>
                  {o?.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
          {k('add')}
        </button>
      </div>
      <DataTable
        caption={k('table')}
        rows={query.data ?? []}
        rowKey={(c) => c.id}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={t('settings.sections.sso')}
        emptyBody={k('empty')}
        columns={[
          { key: 'name', header: k('name'), className: 'align-top font-medium', cell: (c) => c.name },
          {
            key: 'issuer',
            header: k('issuer'),
            className: 'align-top',
            cell: (c) => <span className="font-mono text-xs break-all">{c.issuer}</span>,
          },
          { key: 'domains', header: k('domains'), className: 'align-top', cell: (c) => c.email_domains.join(', ') },
          {
            key: 'mappings',
            header: k('mappings'),
            className: 'align-top',
            cell: (c) => t('settings.sso.mappingCount', { count: c.role_mappings.length }),
          },
          {
            key: 'required',
            header: k('requiredColumn'),
            className: 'align-top',
            cell: (c) => (c.require_sso ? k('requiredYes') : k('requiredNo')),
          },
          {
            key: 'actions',
            header: t('settings.users.actions'),
            headerHidden: true,
            card: 'actions',
            className: 'align-top whitespace-nowrap text-right',
            cell: (c) => (
              <span className="inline-flex gap-4">
                <button
                  type="button"
                  onClick={() => setEditing(c)}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                  aria-label={t('settings.sso.editOf', { name: c.name })}
                >
                  {k('edit')}
                </button>
                <button
                  type="button"
                  onClick={() => setRemoving(c)}
                  className="font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                  aria-label={t('settings.sso.deleteOf', { name: c.name })}
                >
                  {k('delete')}
                </button>
              </span>
            ),
          },
        ]}
      />
      <SsoConnectionDialog
        open={editing !== null}
        organizationId={organizationId}
        connection={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={async (saved) => {
          setEditing(null);
          toast.success(t('settings.sso.saved', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('settings.sso.deleteTitle', { name: removing?.name ?? '' })}
        body={k('deleteBody')}
        confirmLabel={k('delete')}
        destructive
        onConfirm={async () => {
          if (removing) await remove.run(removing);
        }}
      />
    </SettingsLayout>
  );
}
