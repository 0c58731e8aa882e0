import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditLink, SettingsLayout, SettingsList } from '@/components/settings-layout.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { useListSearch } from '@/components/ui/filter-controls.tsx';
import { RoleBadge } from '@/components/ui/role-badge.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { impersonate, useAuth } from '@/lib/auth-store.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { userCan } from '@/lib/user-can.ts';
import { usersQuery } from '../api/settings.ts';
import { ImpersonationReasonDialog } from '../components/impersonation-reason-dialog.tsx';

/** /settings/users: search, paging, role badge, team, organization, status; edit and "sign in as". */
export function UsersPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const search = useListSearch();
  const query = useQuery(usersQuery(search.params));
  const canEdit = userCan(me, 'settings.edit');

  // Where the user's organization admits others only with a support grant, the server asks for a reason.
  const [asking, setAsking] = useState<{ id: number; name: string; message: string } | null>(null);

  // Once the server agreed, leave settings (the other user may not see them), then swap the session;
  // the query cache is dropped when the identity changes (lib/query-client.ts).
  const switchTo = (id: number, reason?: string) =>
    impersonate(id, { reason, beforeSwitch: async () => void (await navigate({ to: '/' })) });
  const signInAs = async (u: { id: number; name: string }) => {
    try {
      await switchTo(u.id);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'support_grant_required')
        setAsking({ id: u.id, name: u.name, message: err.message });
      else toast.error(t('settings.users.impersonateFailed'));
    }
  };

  return (
    <SettingsLayout
      title={t('settings.sections.users')}
      subtitle={canEdit ? undefined : t('settings.readOnly')}
      actions={
        canEdit ? (
          <Link to="/settings/users/create" className={primaryButton}>
            {t('accounts.users.create')}
          </Link>
        ) : undefined
      }
    >
      <SettingsList
        title={t('settings.sections.users')}
        search={search}
        query={query}
        rowKey={(u) => u.id}
        emptyBody={t('settings.users.empty')}
        columns={[
          {
            key: 'name',
            header: t('settings.users.name'),
            className: 'align-top',
            cell: (u) => (
              <>
                <span className="block font-medium">{u.name}</span>
                <span className="block font-normal break-all text-slate-600 dark:text-slate-300">{u.email}</span>
              </>
            ),
          },
          {
            key: 'role',
            header: t('settings.users.role'),
            className: 'align-top',
            cell: (u) => <RoleBadge name={u.role.name} color={u.role.color} />,
          },
          {
            key: 'team',
            header: t('settings.users.team'),
            className: 'align-top',
            cell: (u) => (u.team ? seeded('team', u.team.name) : t('settings.none')),
          },
          {
            key: 'organization',
            header: t('settings.users.organization'),
            className: 'align-top',
            cell: (u) => u.organisation.name,
          },
          {
            key: 'mfa',
            header: t('mfa.admin.column'),
            className: 'align-top',
            cell: (u) => (u.mfa_enrolled ? t('mfa.admin.enrolled') : t('mfa.admin.notEnrolled')),
          },
          {
            key: 'status',
            header: t('settings.users.status'),
            className: 'align-top',
            cell: (u) =>
              u.disabled ? (
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                  {t('settings.users.disabled')}
                </span>
              ) : (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50">
                  {t('settings.users.active')}
                </span>
              ),
          },
        ]}
        actions={(u) => (
          <>
            {userCan(me, 'user.edit', u) ? (
              <EditLink link={{ to: '/settings/users/$id/edit', params: { id: String(u.id) } }} name={u.name} />
            ) : null}
            {userCan(me, 'user.impersonate', u) ? (
              <button
                type="button"
                onClick={() => void signInAs(u)}
                aria-label={t('settings.users.impersonateLabel', { name: u.name })}
                className={`ml-4 ${linkClass}`}
              >
                {t('settings.users.impersonate')}
              </button>
            ) : null}
          </>
        )}
        actionsClassName="align-top whitespace-nowrap text-right"
      />
      <ImpersonationReasonDialog
        open={asking !== null}
        name={asking?.name ?? ''}
        message={asking?.message ?? ''}
        onClose={() => setAsking(null)}
        onSubmit={async (reason) => {
          if (!asking) return;
          await switchTo(asking.id, reason);
          setAsking(null);
        }}
      />
    </SettingsLayout>
  );
}
