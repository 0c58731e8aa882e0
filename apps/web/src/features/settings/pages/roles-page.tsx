import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RoleBadge } from '../../../app/shell/role-badge.tsx';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { rolesQuery } from '../api/settings.ts';
import { RoleForm } from '../components/role-form.tsx';
import {
  cardClass,
  EditLink,
  SettingsLayout,
  SettingsList,
  useSettingsSearch,
} from '../components/settings-layout.tsx';

/** /settings/roles: roles are shared by every organization, so only global settings users change them. */
export function RolesPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const canEdit = hasPermission(me, 'settings_update') && hasPermission(me, 'organization_view_all');
  const search = useSettingsSearch();
  const query = useQuery(rolesQuery(search.params));
  return (
    <SettingsLayout title={t('settings.sections.roles')} subtitle={canEdit ? undefined : t('settings.readOnly')}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SettingsList
            title={t('settings.sections.roles')}
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
        </div>
        {canEdit ? (
          <section aria-labelledby="new-role" className={`h-fit p-5 ${cardClass}`}>
            <h2 id="new-role" className="mb-4 text-base font-semibold">
              {t('settings.roles.createTitle')}
            </h2>
            <RoleForm
              current={null}
              matrix={false}
              onSaved={async (role) => {
                toast.success(t('settings.roles.created'));
                await navigate({ to: '/settings/roles/$id/edit', params: { id: String(role.id) } });
              }}
            />
          </section>
        ) : null}
      </div>
    </SettingsLayout>
  );
}
