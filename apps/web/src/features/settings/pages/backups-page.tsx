import type { BackupInfo } from '@rcm/shared/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState } from '../../../components/page.tsx';
import { linkClass, primaryButton } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { backupsQuery, backupUrl, createBackup, downloadBackup, storageQuery } from '../api/backups.ts';
import { cardClass, QueryState, SettingsLayout, tableClass, tdClass, thClass } from '../components/settings-layout.tsx';

/** /settings/backups: the embedded database's backups, "Back up now" and a download link for each. */
export function BackupsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(backupsQuery());
  const storage = useQuery(storageQuery());
  const external = query.error instanceof ApiError && query.error.code === 'backups_external';
  const backUp = useMutation({
    mutationFn: createBackup,
    onSuccess: async (info) => {
      toast.success(t('backups.created', { name: info.name }));
      await client.invalidateQueries({ queryKey: backupsQuery().queryKey });
    },
    onError: (err) => toast.error(t('backups.failed', { message: err.message })),
  });
  const download = (name: string) => downloadBackup(name).catch(() => toast.error(t('backups.downloadFailed')));

  const actions = external ? null : (
    <button type="button" className={primaryButton} disabled={backUp.isPending} onClick={() => backUp.mutate()}>
      {backUp.isPending ? t('backups.backingUp') : t('backups.backUpNow')}
    </button>
  );

  return (
    <SettingsLayout
      title={t('settings.sections.backups')}
      subtitle={t('settings.sections.backupsHint')}
      actions={actions}
    >
      {external ? (
        <p className="rounded-md bg-blue-50 p-4 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-50">
          {t('backups.external')}
        </p>
      ) : (
        <>
          {storage.data?.backup_keep ? (
            <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
              {t('backups.intro', { keep: storage.data.backup_keep })}
            </p>
          ) : null}
          <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
            {query.data?.length === 0 ? (
              <EmptyState title={t('backups.emptyTitle')} body={t('backups.emptyBody')} />
            ) : (
              <div className={`overflow-x-auto ${cardClass}`}>
                <table className={tableClass}>
                  <caption className="sr-only">{t('backups.listLabel')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={thClass}>
                        {t('backups.createdAt')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('backups.kind')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('backups.size')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('backups.name')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                    {(query.data ?? []).map((b) => (
                      <BackupRow key={b.name} backup={b} onDownload={download} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryState>
        </>
      )}
    </SettingsLayout>
  );
}

function BackupRow(props: { backup: BackupInfo; onDownload: (name: string) => void }) {
  const { t } = useTranslation();
  const { name } = props.backup;
  return (
    <tr>
      <td className={tdClass}>{formatDateTime(props.backup.created_at)}</td>
      <td className={tdClass}>{name.endsWith('-nightly.tar.gz') ? t('backups.nightly') : t('backups.manual')}</td>
      <td className={tdClass}>{formatBytes(props.backup.size_bytes)}</td>
      <td className={tdClass}>
        <a
          href={backupUrl(name)}
          download={name}
          className={linkClass}
          aria-label={t('backups.downloadName', { name })}
          onClick={(e) => {
            // The file needs the session's token: fetched, then saved.
            e.preventDefault();
            props.onDownload(name);
          }}
        >
          {name}
        </a>
      </td>
    </tr>
  );
}
