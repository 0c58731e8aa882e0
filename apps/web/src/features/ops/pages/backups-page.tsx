import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsLayout } from '@/components/settings-layout.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { backupsQuery, backupUrl, createBackup, downloadBackup, storageQuery } from '../api/backups.ts';
import { opsKeys } from '../api/keys.ts';

/** /settings/backups: the embedded database's backups, "Back up now" and a download link for each. */
export function BackupsPage() {
  const { t } = useTranslation();
  const query = useQuery(backupsQuery());
  const storage = useQuery(storageQuery());
  const external = query.error instanceof ApiError && query.error.code === 'backups_external';
  const backUp = useApiMutation({
    mutationFn: createBackup,
    invalidates: [opsKeys.backups],
    onSuccess: (info) => toast.success(t('backups.created', { name: info.name })),
  });
  const backUpNow = () =>
    backUp.run().catch((err: Error) => toast.error(t('backups.failed', { message: err.message })));
  const download = (name: string) => downloadBackup(name).catch(() => toast.error(t('backups.downloadFailed')));

  const actions = external ? null : (
    <button type="button" className={primaryButton} disabled={backUp.isPending} onClick={backUpNow}>
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
          <DataTable
            caption={t('backups.listLabel')}
            rows={query.data ?? []}
            rowKey={(b) => b.name}
            query={query}
            loadingLabel={t('settings.loading')}
            errorLabel={t('settings.loadError')}
            emptyTitle={t('backups.emptyTitle')}
            emptyBody={t('backups.emptyBody')}
            columns={[
              { key: 'createdAt', header: t('backups.createdAt'), cell: (b) => formatDateTime(b.created_at) },
              {
                key: 'kind',
                header: t('backups.kind'),
                cell: (b) => (b.name.endsWith('-nightly.tar.gz') ? t('backups.nightly') : t('backups.manual')),
              },
              { key: 'size', header: t('backups.size'), cell: (b) => formatBytes(b.size_bytes) },
              {
                key: 'name',
                header: t('backups.name'),
                cell: (b) => <DownloadLink name={b.name} onDownload={download} />,
              },
            ]}
          />
        </>
      )}
    </SettingsLayout>
  );
}

/** A backup's file name, which downloads it with the session's token. */
function DownloadLink(props: { name: string; onDownload: (name: string) => void }) {
  const { t } = useTranslation();
  const { name } = props;
  return (
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
  );
}
