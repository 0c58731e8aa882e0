import type { Webhook, WebhookBody } from '@rcm/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { SettingsLayout } from '@/components/settings-layout.tsx';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { failureMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { webhookKeys } from '../api/keys.ts';
import { createWebhook, deleteWebhook, testWebhook, updateWebhook, webhooksQuery } from '../api/webhooks.ts';
import { attemptReason, DeliveryLog } from '../components/webhook-delivery-log.tsx';
import { WebhookDialog } from '../components/webhook-dialog.tsx';

/** /settings/webhooks: where alarm events are posted (Slack, Teams, signed generic receivers). */
export function WebhooksPage() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const canEdit = userCan(me, 'settings.edit');
  const [page, setPage] = useState(1);
  const query = useQuery(webhooksQuery(page));
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const w = (key: string) => t(`settings.webhooks.${key}`);
  const invalidates = [webhookKeys.all];
  const create = useApiMutation({ mutationFn: createWebhook, invalidates });
  const update = useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookBody }) => updateWebhook(id, body),
    invalidates,
  });
  const sendTest = useApiMutation({ mutationFn: testWebhook, invalidates });
  const remove = useApiMutation({ mutationFn: deleteWebhook, invalidates });

  async function save(body: WebhookBody) {
    if (editing === 'new') {
      const created = await create.run(body);
      if (!created) return;
      setEditing(null);
      if (created.data.kind === 'generic') setSecret({ name: created.data.name, secret: created.secret });
      toast.success(t('settings.webhooks.created', { name: created.data.name }));
    } else if (editing) {
      const saved = await update.run({ id: editing.id, body });
      if (!saved) return;
      setEditing(null);
      toast.success(t('settings.webhooks.saved', { name: saved.name }));
    }
  }

  async function test(hook: Webhook) {
    setTesting(hook.id);
    try {
      const delivery = await sendTest.run(hook.id);
      if (!delivery) return;
      const [attempt] = delivery.attempt_log;
      if (delivery.status === 'sent')
        toast.success(t('settings.webhooks.testSent', { name: hook.name, code: attempt?.status_code ?? '' }));
      else
        toast.error(
          t('settings.webhooks.testFailed', {
            name: hook.name,
            error: attempt ? attemptReason(attempt, t) : '',
          }),
        );
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setTesting(null);
    }
  }

  return (
    <SettingsLayout title={t('settings.sections.webhooks')} subtitle={canEdit ? undefined : t('settings.readOnly')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-200">{w('help')}</p>
      {canEdit ? (
        <div className="mb-4">
          <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
            {w('add')}
          </button>
        </div>
      ) : null}
      <DataTable
        caption={w('table')}
        rows={query.data?.data ?? []}
        rowKey={(hook) => hook.id}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={t('settings.sections.webhooks')}
        emptyBody={w('empty')}
        columns={[
          { key: 'name', header: w('name'), className: 'align-top font-medium', cell: (hook) => hook.name },
          {
            key: 'kind',
            header: w('kind'),
            className: 'align-top',
            cell: (hook) => t(`settings.webhooks.kinds.${hook.kind}`),
          },
          {
            key: 'owner',
            header: w('organization'),
            className: 'align-top',
            cell: (hook) => hook.organization?.name ?? w('allOrganizations'),
          },
          {
            key: 'events',
            header: w('events'),
            className: 'align-top',
            cell: (hook) =>
              hook.events.map((e) => t(`settings.webhooks.eventNames.${e.replace('alarm.', '')}`)).join(', '),
          },
          {
            key: 'state',
            header: w('state'),
            className: 'align-top',
            cell: (hook) =>
              `${hook.enabled ? w('on') : w('off')}${
                hook.last_delivery ? ` · ${t(`settings.webhooks.statuses.${hook.last_delivery.status}`)}` : ''
              }`,
          },
          {
            key: 'actions',
            header: t('settings.users.actions'),
            headerHidden: true,
            card: 'actions',
            className: 'align-top whitespace-nowrap text-right',
            cell: (hook) => (
              <>
                <button
                  type="button"
                  onClick={() => setLog(hook)}
                  className={linkClass}
                  aria-label={t('settings.webhooks.logOf', { name: hook.name })}
                >
                  {w('log')}
                </button>
                {canEdit ? (
                  <>
                    <button
                      type="button"
                      disabled={testing === hook.id}
                      onClick={() => void test(hook)}
                      className={`ml-3 ${linkClass}`}
                      aria-label={t('settings.webhooks.testOf', { name: hook.name })}
                    >
                      {testing === hook.id ? w('testing') : w('test')}
                    </button>
                    <button
                      type="button"
                      onClick={() => setEditing(hook)}
                      className={`ml-3 ${linkClass}`}
                      aria-label={t('settings.webhooks.editOf', { name: hook.name })}
                    >
                      {w('edit')}
                    </button>
                    <button
                      type="button"
                      onClick={() => setDeleting(hook)}
                      className="ml-3 font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                      aria-label={t('settings.webhooks.deleteOf', { name: hook.name })}
                    >
                      {w('delete')}
                    </button>
                  </>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <ListPagination meta={query.data?.meta} onPage={setPage} />
      <WebhookDialog
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <Modal
        open={secret !== null}
        onClose={() => setSecret(null)}
        title={t('settings.webhooks.secretTitle', { name: secret?.name ?? '' })}
      >
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">{w('secretHelp')}</p>
        <CopyField label={w('secret')} value={secret?.secret ?? ''} />
        <div className="mt-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={() => setSecret(null)}>
            {w('secretDone')}
          </button>
        </div>
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('settings.webhooks.deleteTitle', { name: deleting?.name ?? '' })}
        body={w('deleteBody')}
        confirmLabel={w('delete')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await remove.run(deleting.id);
          toast.success(t('settings.webhooks.deleted', { name: deleting.name }));
        }}
      />
      <Modal
        open={log !== null}
        onClose={() => setLog(null)}
        wide
        title={t('settings.webhooks.logTitle', { name: log?.name ?? '' })}
      >
        {log ? <DeliveryLog webhook={log} locale={i18n.language} /> : null}
        <div className="mt-4 flex justify-end">
          <button type="button" className={secondaryButton} onClick={() => setLog(null)}>
            {w('close')}
          </button>
        </div>
      </Modal>
    </SettingsLayout>
  );
}
