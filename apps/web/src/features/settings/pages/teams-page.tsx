import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { teamsQuery } from '../api/settings.ts';
import {
  cardClass,
  QueryState,
  SearchBox,
  SettingsLayout,
  tableClass,
  tdClass,
  thClass,
} from '../components/settings-layout.tsx';
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
          <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
            {query.data?.data.length === 0 ? (
              <EmptyState title={t('settings.sections.teams')} body={t('settings.teams.empty')} />
            ) : (
              <div className={`overflow-x-auto ${cardClass}`}>
                <table className={tableClass}>
                  <thead>
                    <tr>
                      <th className={thClass}>{t('settings.teams.name')}</th>
                      <th className={thClass}>{t('settings.teams.organization')}</th>
                      <th className={thClass}>{t('settings.teams.members')}</th>
                      <th className={thClass}>
                        <span className="sr-only">{t('settings.users.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {query.data?.data.map((team) => (
                      <tr key={team.id}>
                        <td className={`${tdClass} font-medium`}>{seeded('team', team.name)}</td>
                        <td className={tdClass}>{team.organisation?.name ?? t('settings.teams.shared')}</td>
                        <td className={tdClass}>{team.members}</td>
                        <td className={`${tdClass} text-right`}>
                          {canEdit ? (
                            <Link
                              to="/settings/teams/$id/edit"
                              params={{ id: String(team.id) }}
                              className={linkClass}
                              aria-label={`${t('settings.edit')} ${seeded('team', team.name)}`}
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
