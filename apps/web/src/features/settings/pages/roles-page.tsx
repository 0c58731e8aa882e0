import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EditLink, SettingsListPage } from '@/components/settings-layout.tsx';
import { useListSearch } from '@/components/ui/filter-controls.tsx';
import { RoleBadge } from '@/components/ui/role-badge.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { userCan } from '@/lib/user-can.ts';
import { rolesQuery } from '../api/settings.ts';
import { RoleForm } from '../components/role-form.tsx';

/** /settings/roles: roles are shared by every organization, so only global settings users change them. */
export function RolesPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const canEdit = userCan(me, 'role.manage');
  const search = useListSearch();
  const query = useQuery(rolesQuery(search.params));
  return (
    <SettingsListPage
      title={t('settings.sections.roles')}
      canEdit={canEdit}
      form={{
        id: 'new-role',
        title: t('settings.roles.createTitle'),
        body: (
          <RoleForm
            current={null}
            matrix={false}
            onSaved={async (role) => {
              toast.success(t('settings.roles.created'));
              await navigate({ to: '/settings/roles/$id/edit', params: { id: String(role.id) } });
            }}
          />
        ),
      }}
      search={search}
      placeholder={t('settings.roles.name')}
      query={query}
      rowKey={(r) => r.id}
      emptyBody={t('settings.roles.empty')}
      columns={[
        {
          key: 'name',
          header: t('settings.roles.name'),
          rowHeader: true,
          cell: (r) => <RoleBadge name={r.name} color={r.color} />,
        },
        {
          key: 'permissions',
          header: t('settings.roles.permissions'),
          cell: (r) => t('settings.roles.permissionCount', { count: r.permissions.length }),
        },
        { key: 'users', header: t('settings.roles.users'), cell: (r) => r.users },
      ]}
      actions={(r) =>
        canEdit ? (
          <EditLink
            link={{ to: '/settings/roles/$id/edit', params: { id: String(r.id) } }}
            name={seeded('role', r.name)}
          />
        ) : null
      }
    />
  );
}
