import type { EscalationPolicy } from '@rcm/shared/oncall';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page.tsx';
import { cardClass, QueryState } from '@/components/settings-layout.tsx';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { deletePolicy, policiesQuery } from '../api/escalation-policies.ts';
import { escalationPolicyKeys } from '../api/keys.ts';
import { PolicyDialog, useTargetLabel, useTargetNames } from './policy-dialog.tsx';

/** Settings → On call: the escalation policies, each as its steps; create, edit, delete (refused while in use). */
export function EscalationPolicies(props: { canEdit: boolean }) {
  const { t } = useTranslation();
  const policies = useQuery(policiesQuery());
  const names = useTargetNames();
  const label = useTargetLabel(names);
  const [editing, setEditing] = useState<EscalationPolicy | 'new' | null>(null);
  const deletion = useApiMutation({
    mutationFn: (p: EscalationPolicy) => deletePolicy(p.id),
    invalidates: [escalationPolicyKeys.all],
    onSuccess: (_, p) => toast.success(t('settings.deleted', { name: p.name })),
  });
  const remove = (p: EscalationPolicy) => deletion.run(p);
  return (
    <section aria-labelledby="escalation-policies" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="escalation-policies" className="text-lg font-semibold">
          {t('oncall.policies.title')}
        </h2>
        {props.canEdit ? (
          <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
            {t('oncall.policies.new')}
          </button>
        ) : null}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('oncall.policies.intro')}</p>
      <QueryState pending={policies.isPending} error={policies.isError} onRetry={() => void policies.refetch()}>
        {policies.data?.data.length === 0 ? (
          <EmptyState title={t('oncall.policies.emptyTitle')} body={t('oncall.policies.emptyBody')} />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {(policies.data?.data ?? []).map((p) => (
              <li key={p.id} className={`space-y-2 p-4 ${cardClass}`} aria-labelledby={`policy-${p.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 id={`policy-${p.id}`} className="font-semibold">
                    {p.name}
                    {p.is_default ? (
                      <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                        {t('oncall.policies.default')}
                      </span>
                    ) : null}
                  </h3>
                  {props.canEdit ? (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={secondaryButton}
                        onClick={() => setEditing(p)}
                        aria-label={t('oncall.policies.editLabel', { name: p.name })}
                      >
                        {t('settings.edit')}
                      </button>
                      {p.is_default ? null : (
                        <ConfirmButton
                          label={t('oncall.policies.delete')}
                          title={t('oncall.policies.deleteTitle', { name: p.name })}
                          body={t('oncall.policies.deleteBody')}
                          destructive
                          onConfirm={() => remove(p)}
                        />
                      )}
                    </div>
                  ) : null}
                </div>
                <ol className="space-y-1 text-sm">
                  {p.steps.map((s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their order is what they are
                    <li key={i}>
                      <span className="font-medium">
                        {i === 0
                          ? t('oncall.policies.stepAfterRaise', { n: i + 1, count: s.delay_minutes })
                          : t('oncall.policies.stepAfter', { n: i + 1, count: s.delay_minutes })}
                      </span>{' '}
                      {s.targets.map(label).join(', ')}
                    </li>
                  ))}
                </ol>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {p.repeat === 0 ? t('oncall.policies.noRepeat') : t('oncall.policies.repeats', { count: p.repeat })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <PolicyDialog open policy={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
