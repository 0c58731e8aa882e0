import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardClass, QueryState, SettingsLayout } from '@/components/settings-layout.tsx';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { settingsKeys } from '../api/keys.ts';

/**
 * A role's or a team's edit page: its form (back to the list once saved) and its delete button
 * (asked first; back to the list once deleted). `words` are the kind's catalog entries.
 */
export function RecordEdit<T extends { id: number; name: string }>(props: {
  kind: 'roles' | 'teams';
  id: number;
  record: UseQueryResult<T>;
  remove: (id: number) => Promise<unknown>;
  words: { title: string; delete: string; deleteTitle: string; deleteBody: string };
  className?: string;
  form: (record: T, onSaved: () => Promise<void>) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { record, kind } = props;
  const toList = () => navigate({ to: kind === 'roles' ? '/settings/roles' : '/settings/teams' });
  const remove = useApiMutation({
    mutationFn: props.remove,
    invalidates: [settingsKeys.kind(kind)],
    onSuccess: async () => {
      toast.success(t('settings.deleted', { name: record.data?.name }));
      await toList();
    },
  });
  return (
    <SettingsLayout title={props.words.title} subtitle={record.data?.name}>
      <QueryState pending={record.isPending} error={false} onRetry={() => void record.refetch()}>
        {record.data ? (
          <div className={`space-y-6 p-6 ${props.className ?? ''} ${cardClass}`}>
            {props.form(record.data, async () => {
              toast.success(t('settings.saved'));
              await toList();
            })}
            <ConfirmButton
              label={props.words.delete}
              title={props.words.deleteTitle}
              body={props.words.deleteBody}
              destructive
              onConfirm={() => remove.run(props.id)}
            />
          </div>
        ) : (
          <p role="alert">{t('settings.notFound')}</p>
        )}
      </QueryState>
    </SettingsLayout>
  );
}
