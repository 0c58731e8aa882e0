import type { ApiToken } from '@rcm/shared/api-tokens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { SettingsLayout } from '@/components/settings-layout.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { apiTokensQuery, revokeApiToken } from '../api/api-tokens.ts';
import { identityKeys } from '../api/keys.ts';
import { ApiTokenDialog } from '../components/api-token-dialog.tsx';

/** /settings/api-tokens: tokens that let another system use the API with some of their creator's permissions. */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(apiTokensQuery(page));
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const k = (key: string) => t(`settings.apiTokens.${key}`);
  const revoke = useApiMutation({
    mutationFn: (token: ApiToken) => revokeApiToken(token.id),
    invalidates: [identityKeys.apiTokensAll],
    onSuccess: (_, token) => toast.success(t('settings.apiTokens.revoked', { name: token.name })),
  });

  return (
    <SettingsLayout title={t('settings.sections.apiTokens')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-200">{k('help')}</p>
      <div className="mb-4">
        <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
          {k('add')}
        </button>
      </div>
      <DataTable
        caption={k('table')}
        rows={query.data?.data ?? []}
        rowKey={(token) => token.id}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={t('settings.sections.apiTokens')}
        emptyBody={k('empty')}
        columns={[
          { key: 'name', header: k('name'), className: 'align-top font-medium', cell: (x) => x.name },
          {
            key: 'organization',
            header: k('organization'),
            className: 'align-top',
            cell: (x) => x.organization?.name ?? k('allOrganizations'),
          },
          {
            key: 'permissions',
            header: k('permissions'),
            className: 'align-top',
            cell: (x) => <span className="font-mono text-xs break-words">{x.permissions.join(', ')}</span>,
          },
          { key: 'creator', header: k('createdBy'), className: 'align-top', cell: (x) => x.created_by.name },
          {
            key: 'expires',
            header: k('expires'),
            className: 'align-top',
            cell: (x) => (new Date(x.expires_at).getTime() <= Date.now() ? k('expired') : formatDateTime(x.expires_at)),
          },
          {
            key: 'used',
            header: k('lastUsed'),
            className: 'align-top',
            cell: (x) => (x.last_used_at ? formatDateTime(x.last_used_at) : k('never')),
          },
          {
            key: 'actions',
            header: t('settings.users.actions'),
            headerHidden: true,
            card: 'actions',
            className: 'align-top whitespace-nowrap text-right',
            cell: (x) => (
              <button
                type="button"
                onClick={() => setRevoking(x)}
                className="font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                aria-label={t('settings.apiTokens.revokeOf', { name: x.name })}
              >
                {k('revoke')}
              </button>
            ),
          },
        ]}
      />
      <ListPagination meta={query.data?.meta} onPage={setPage} />
      <ApiTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (created) => {
          setCreating(false);
          setShown({ name: created.data.name, token: created.token });
        }}
      />
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={t('settings.apiTokens.shownTitle', { name: shown?.name ?? '' })}
      >
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">{k('shownHelp')}</p>
        <CopyField label={k('token')} value={shown?.token ?? ''} />
        <div className="mt-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={() => setShown(null)}>
            {k('shownDone')}
          </button>
        </div>
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('settings.apiTokens.revokeTitle', { name: revoking?.name ?? '' })}
        body={k('revokeBody')}
        confirmLabel={k('revoke')}
        destructive
        onConfirm={async () => {
          if (revoking) await revoke.run(revoking);
        }}
      />
    </SettingsLayout>
  );
}
