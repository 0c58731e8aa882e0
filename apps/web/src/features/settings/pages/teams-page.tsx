import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ListPagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { teamsQuery } from '../api/settings.ts';
import { cardClass, SearchBox, SettingsLayout } from '../components/settings-layout.tsx';
import { TeamForm } from '../components/team-form.tsx';

/** /settings/teams: list, search, paging and a form to create a team. */
export function TeamsPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const canEdit = hasPermission(me, 'settings_update');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(teamsQuery({ q: useDeferredValue(q) || undefined, page }));
  return (
    <SettingsLayout title={t('settings.sections.teams')} subtitle={canEdit ? undefined : t('settings.readOnly')}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SearchBox
            value={q}
            placeholder={t('settings.teams.name')}
            onChange={(v) => {
              setQ(v);
              setPage(1);
            }}
          />
          <DataTable
            caption={t('settings.sections.teams')}
            rows={query.data?.data ?? []}
            rowKey={(r) => r.id}
            pending={query.isPending}
            error={query.isError}
            onRetry={() => void query.refetch()}
            loadingLabel={t('settings.loading')}
            errorLabel={t('settings.loadError')}
            emptyTitle={t('settings.sections.teams')}
            emptyBody={t('settings.teams.empty')}
            columns={[
              {
                key: 'name',
                header: t('settings.teams.name'),
                rowHeader: true,
                className: 'font-medium',
                cell: (r) => seeded('team', r.name),
              },
              {
                key: 'organization',
                header: t('settings.teams.organization'),
                cell: (r) => r.organisation?.name ?? t('settings.teams.shared'),
              },
              { key: 'members', header: t('settings.teams.members'), cell: (r) => r.members },
              {
                key: 'actions',
                header: t('settings.users.actions'),
                headerHidden: true,
                card: 'actions',
                className: 'text-right',
                cell: (r) =>
                  canEdit ? (
                    <Link
                      to="/settings/teams/$id/edit"
                      params={{ id: String(r.id) }}
                      className={linkClass}
                      aria-label={`${t('settings.edit')} ${seeded('team', r.name)}`}
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
          <section aria-labelledby="new-team" className={`h-fit p-5 ${cardClass}`}>
            <h2 id="new-team" className="mb-4 text-base font-semibold">
              {t('settings.teams.createTitle')}
            </h2>
            <TeamForm
              team={null}
              onSaved={async () => {
                toast.success(t('settings.teams.created'));
                await queryClient.invalidateQueries({ queryKey: ['settings', 'teams'] });
              }}
            />
          </section>
        ) : null}
      </div>
    </SettingsLayout>
  );
}
