import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '@/components/ui/button.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { invitationsQuery, revokeInvitation } from '../api/organizations.ts';
import { ListState, Section } from './ui.tsx';

/** Invitations not yet accepted, with the email as it was sent (organization_edit). */
export function InvitationsSection(props: { organizationId: number }) {
  const { t, i18n } = useTranslation();
  const seeded = useSeededName();
  const list = useQuery(invitationsQuery(props.organizationId));
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  const revoke = useApiMutation({
    mutationFn: (id: number) => revokeInvitation(props.organizationId, id),
    invalidates: [organizationKeys.invitations(props.organizationId)],
    onSuccess: () => toast.success(t('organizations.revoked')),
    showError: 'toast',
  });

  return (
    <Section title={t('organizations.pendingTitle')} id="invitations">
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={(list.data ?? []).length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('organizations.loadError')}
        emptyTitle={t('organizations.pendingTitle')}
        emptyBody={t('organizations.pendingEmpty')}
        onRetry={() => void list.refetch()}
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {(list.data ?? []).map((inv) => (
            <li key={inv.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-medium">{inv.email}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {seeded('role', inv.role.name)} · {t(`organizations.languages.${inv.language}`)} ·{' '}
                    {t('organizations.expires', { date: date(inv.expires_at) })}
                    {inv.message
                      ? ` · ${t('organizations.emailStatus', { status: t(`organizations.emailStatuses.${inv.message.status}`) })}`
                      : ''}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => void revoke.run(inv.id)}
                  className={secondaryButton}
                  aria-label={`${t('organizations.revoke')}: ${inv.email}`}
                >
                  {t('organizations.revoke')}
                </button>
              </div>
              {inv.message ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-blue-700 dark:text-blue-300">
                    {t('organizations.showEmail')}
                  </summary>
                  <div className="mt-2 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
                    <p className="font-medium">{inv.message.subject}</p>
                    <pre className="mt-1 whitespace-pre-wrap font-sans" data-testid="invitation-email-text">
                      {inv.message.text}
                    </pre>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </ListState>
    </Section>
  );
}
