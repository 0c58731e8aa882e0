import type { SupportGrant } from '@rcm/shared/support-grants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { dangerButton, primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { securityPolicyQuery } from '@/features/account/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { endSupportGrant, supportGrantsQuery } from '../api/support-grants.ts';
import { SupportGrantDialog } from './support-grant-dialog.tsx';
import { Section } from './ui.tsx';

const STATE_CLASS: Record<SupportGrant['state'], string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  expired: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  revoked: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/**
 * Organization → Support access: where the security policy lets people of other organizations in
 * only with a grant, the grants (active and ended: grantee, reason, expiry, who granted, state), a
 * "Grant access" dialog and "End" on an active one. Otherwise it says what the policy means. Shown
 * to the organization's own administrators (settings.edit in it): a grant is never given from outside.
 */
export function SupportAccessSection(props: { organizationId: number }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`organizations.supportAccess.${key}`, values);
  const policy = useQuery(securityPolicyQuery(props.organizationId));
  const mode = policy.data?.support_access;
  const [page, setPage] = useState(1);
  const grants = useQuery({ ...supportGrantsQuery(props.organizationId, page), enabled: mode === 'grant' });
  const [granting, setGranting] = useState(false);
  const [ending, setEnding] = useState<SupportGrant | null>(null);
  const end = useApiMutation({
    mutationFn: (id: number) => endSupportGrant(id),
    invalidates: [organizationKeys.supportGrants(props.organizationId)],
    onSuccess: () => toast.success(k('ended')),
  });
  const grantee = (g: SupportGrant) =>
    g.grantee_user
      ? `${g.grantee_user.name} (${g.grantee_user.email})`
      : k('granteeOrganization', { name: g.grantee_organization?.name ?? '—' });

  return (
    <Section
      title={k('title')}
      id="support-access"
      actions={
        mode === 'grant' ? (
          <button type="button" onClick={() => setGranting(true)} className={primaryButton}>
            {k('grant')}
          </button>
        ) : null
      }
    >
      {mode === undefined ? null : mode !== 'grant' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{k(`explain.${mode}`)}</p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{k('explain.grant')}</p>
          <DataTable
            caption={k('title')}
            rows={grants.data?.data ?? []}
            rowKey={(g) => g.id}
            query={grants}
            loadingLabel={t('common.loading')}
            emptyTitle={k('emptyTitle')}
            emptyBody={k('emptyBody')}
            columns={[
              { key: 'grantee', header: k('grantee'), rowHeader: true, cell: grantee },
              { key: 'reason', header: k('reason'), cell: (g) => g.reason },
              { key: 'expires', header: k('expires'), cell: (g) => formatDateTime(g.expires_at) },
              {
                key: 'granted',
                header: k('grantedBy'),
                cell: (g) => `${g.granted_by?.name ?? '—'} · ${formatDateTime(g.created_at)}`,
              },
              {
                key: 'state',
                header: k('state'),
                cell: (g) => (
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASS[g.state]}`}>
                    {g.state === 'revoked'
                      ? k('revokedBy', { name: g.revoked_by?.name ?? '—', date: formatDateTime(g.revoked_at) })
                      : k(`states.${g.state}`)}
                  </span>
                ),
              },
              {
                key: 'actions',
                header: k('actions'),
                headerHidden: true,
                className: 'text-right',
                cell: (g) =>
                  g.state === 'active' ? (
                    <button
                      type="button"
                      onClick={() => setEnding(g)}
                      aria-label={k('endLabel', { grantee: grantee(g) })}
                      className={dangerButton}
                    >
                      {k('end')}
                    </button>
                  ) : null,
              },
            ]}
          />
          {grants.data && grants.data.meta.last_page > 1 ? (
            <div className="mt-4">
              <Pagination meta={grants.data.meta} onPage={setPage} />
            </div>
          ) : null}
          <SupportGrantDialog
            open={granting}
            organizationId={props.organizationId}
            onClose={() => setGranting(false)}
          />
          <ConfirmDialog
            open={ending !== null}
            onClose={() => setEnding(null)}
            title={k('endTitle')}
            body={ending ? k('endBody', { grantee: grantee(ending) }) : ''}
            confirmLabel={k('end')}
            destructive
            onConfirm={async () => {
              if (ending) await end.run(ending.id);
            }}
          />
        </>
      )}
    </Section>
  );
}
