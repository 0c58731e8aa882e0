import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RoleBadge } from '../../../app/shell/role-badge.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { rolesQuery } from '../api/settings.ts';
import { RoleForm } from '../components/role-form.tsx';
import { cardClass, SearchBox, SettingsLayout } from '../components/settings-layout.tsx';

/** /settings/roles: roles are shared by every organization, so only global settings users change them. */
export function RolesPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const canEdit = hasPermission(me, 'settings_update') && hasPermission(me, 'organization_view_all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(rolesQuery({ q: useDeferredValue(q) || undefined, page }));
  return (
    <SettingsLayout title={t('settings.sections.roles')} subtitle={canEdit ? undefined : t('settings.readOnly')}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SearchBox
            value={q}
            placeholder={t('settings.roles.name')}
            onChange={(v) => {
              setQ(v);
              setPage(1);
            }}
          />
          <DataTable
            caption={t('settings.sections.roles')}
            rows={query.data?.data ?? []}
            rowKey={(r) => r.id}
            pending={query.isPending}
            error={query.isError}
            onRetry={() => void query.refetch()}
            loadingLabel={t('settings.loading')}
            errorLabel={t('settings.loadError')}
            emptyTitle={t('settings.sections.roles')}
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
              {
                key: 'actions',
                header: t('settings.users.actions'),
                headerHidden: true,
                card: 'actions',
                className: 'text-right',
                cell: (r) =>
                  canEdit ? (
                    <Link
                      to="/settings/roles/$id/edit"
                      params={{ id: String(r.id) }}
                      className={linkClass}
                      aria-label={`${t('settings.edit')} ${seeded('role', r.name)}`}
                    >
                      {t('settings.edit')}
                    </Link>
                  ) : null,
              },
            ]}
          />
          <ListPagination meta={query.data?.meta} onPage={setPage} />
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
