import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditLink, SettingsListPage } from '@/components/settings-layout.tsx';
import { useListSearch } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { userCan } from '@/lib/user-can.ts';
import { teamsQuery } from '../api/settings.ts';
import { TeamForm } from '../components/team-form.tsx';

/** /settings/teams: list, search, paging and a form to create a team. */
export function TeamsPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { user: me } = useAuth();
  const canEdit = userCan(me, 'settings.edit');
  const search = useListSearch();
  const query = useQuery(teamsQuery(search.params));
  return (
    <SettingsListPage
      title={t('settings.sections.teams')}
      canEdit={canEdit}
      form={{
        id: 'new-team',
        title: t('settings.teams.createTitle'),
        body: <TeamForm team={null} onSaved={() => toast.success(t('settings.teams.created'))} />,
      }}
      search={search}
      placeholder={t('settings.teams.name')}
      query={query}
      rowKey={(r) => r.id}
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
      ]}
      actions={(r) =>
        userCan(me, 'team.edit', { organizationId: r.organisation?.id ?? null }) ? (
          <EditLink
            link={{ to: '/settings/teams/$id/edit', params: { id: String(r.id) } }}
            name={seeded('team', r.name)}
          />
        ) : null
      }
    />
  );
}
