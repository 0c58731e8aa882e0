import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { Section } from '@/components/ui/section.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { accountKeys } from '../api/keys.ts';
import { accountSessionsQuery, endOtherSessions, endSession } from '../api/sessions.ts';

/** "Where you are signed in": the person's sessions, each with where and how it signed in; end any. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useQuery(accountSessionsQuery());
  const list = sessions.data ?? [];
  const s = (key: string) => t(`account.sessions.${key}`);
  const end = useApiMutation({
    mutationFn: endSession,
    invalidates: [accountKeys.sessions],
    onSuccess: () => toast.success(s('ended')),
  });
  const endOthers = useApiMutation({
    mutationFn: endOtherSessions,
    invalidates: [accountKeys.sessions],
    onSuccess: () => toast.success(s('endedOthers')),
  });
  return (
    <Section id="sessions" title={s('title')}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{s('intro')}</p>
      {sessions.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <ul className="mt-3 space-y-2" aria-label={s('list')}>
          {list.map((x) => {
            const name = x.current ? s('thisOne') : (x.user_agent?.slice(0, 80) ?? s('unknownBrowser'));
            return (
              <li
                key={x.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="text-sm">
                  <span className="font-medium">{name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {t('account.sessions.detail', {
                      created: formatDateTime(x.created_at),
                      method: t(`account.sessions.methods.${x.method}`),
                      used: formatDateTime(x.last_used_at),
                    })}
                    {x.ip ? ` · ${t('account.sessions.from', { ip: x.ip })}` : ''}
                  </span>
                </div>
                {x.current ? null : (
                  <ConfirmButton
                    label={s('end')}
                    title={s('endTitle')}
                    body={s('endBody')}
                    destructive
                    onConfirm={() => end.run(x.id)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.some((x) => !x.current) ? (
        <div className="mt-3">
          <ConfirmButton
            label={s('endOthers')}
            title={s('endOthersTitle')}
            body={s('endOthersBody')}
            destructive
            onConfirm={() => endOthers.run()}
          />
        </div>
      ) : null}
    </Section>
  );
}
