import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RoleBadge } from '../../../app/shell/role-badge.tsx';
import { EmptyState } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { rolesQuery } from '../api/settings.ts';
import { RoleForm } from '../components/role-form.tsx';
import {
  cardClass,
  QueryState,
  SearchBox,
  SettingsLayout,
  tableClass,
  tdClass,
  thClass,
} from '../components/settings-layout.tsx';

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
          <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
            {query.data?.data.length === 0 ? (
              <EmptyState title={t('settings.sections.roles')} body={t('settings.roles.empty')} />
            ) : (
              <div className={`overflow-x-auto ${cardClass}`}>
                <table className={tableClass}>
                  <thead>
                    <tr>
                      <th className={thClass}>{t('settings.roles.name')}</th>
                      <th className={thClass}>{t('settings.roles.permissions')}</th>
                      <th className={thClass}>{t('settings.roles.users')}</th>
                      <th className={thClass}>
                        <span className="sr-only">{t('settings.users.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {query.data?.data.map((role) => (
                      <tr key={role.id}>
                        <td className={tdClass}>
                          <RoleBadge name={role.name} color={role.color} />
                        </td>
                        <td className={tdClass}>
                          {t('settings.roles.permissionCount', { count: role.permissions.length })}
                        </td>
                        <td className={tdClass}>{role.users}</td>
                        <td className={`${tdClass} text-right`}>
                          {canEdit ? (
                            <Link
                              to="/settings/roles/$id/edit"
                              params={{ id: String(role.id) }}
                              className={linkClass}
                              aria-label={`${t('settings.edit')} ${seeded('role', role.name)}`}
                            >
                              {t('settings.edit')}
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {query.data ? (
              <div className="mt-4">
                <Pagination
                  page={query.data.meta.page}
                  lastPage={query.data.meta.last_page}
                  total={query.data.meta.total}
                  onPage={setPage}
                />
              </div>
            ) : null}
          </QueryState>
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
