import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';
import { deleteTeam, teamQuery } from '../api/settings.ts';
import { TeamForm } from '../components/team-form.tsx';

/** /settings/teams/{id}/edit */
export function TeamEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams({ from: '/settings/teams/$id/edit' });
  const team = useQuery({ ...teamQuery(Number(id)), enabled: Number.isInteger(Number(id)) });
  const remove = useApiMutation({
    mutationFn: deleteTeam,
    invalidates: [settingsKeys.kind('teams')],
    onSuccess: async () => {
      toast.success(t('settings.deleted', { name: team.data?.name }));
      await navigate({ to: '/settings/teams' });
    },
  });
  return (
    <SettingsLayout title={t('settings.teams.editTitle')} subtitle={team.data?.name}>
      <QueryState pending={team.isPending} error={false} onRetry={() => void team.refetch()}>
        {team.data ? (
          <div className={`max-w-xl space-y-6 p-6 ${cardClass}`}>
            <TeamForm
              team={team.data}
              onSaved={async () => {
                toast.success(t('settings.saved'));
                await navigate({ to: '/settings/teams' });
              }}
            />
            <ConfirmButton
              label={t('settings.teams.delete')}
              title={t('settings.teams.deleteTitle', { name: team.data.name })}
              body={t('settings.teams.deleteBody')}
              destructive
              onConfirm={() => remove.run(Number(id))}
            />
          </div>
        ) : (
          <p role="alert">{t('settings.notFound')}</p>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
