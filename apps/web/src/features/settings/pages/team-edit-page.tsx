import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { deleteTeam, teamQuery } from '../api/settings.ts';
import { RecordEdit } from '../components/record-edit.tsx';
import { TeamForm } from '../components/team-form.tsx';

/** /settings/teams/{id}/edit */
export function TeamEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams({ from: '/settings/teams/$id/edit' }).id);
  const team = useQuery({ ...teamQuery(id), enabled: Number.isInteger(id) });
  return (
    <RecordEdit
      kind="teams"
      id={id}
      record={team}
      remove={deleteTeam}
      className="max-w-xl"
      words={{
        title: t('settings.teams.editTitle'),
        delete: t('settings.teams.delete'),
        deleteTitle: t('settings.teams.deleteTitle', { name: team.data?.name }),
        deleteBody: t('settings.teams.deleteBody'),
      }}
      form={(current, onSaved) => <TeamForm team={current} onSaved={onSaved} />}
    />
  );
}
