import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { Section } from '@/components/ui/section.tsx';
import { unauthorizedControllersQuery } from '@/features/controllers/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { userCan } from '@/lib/user-can.ts';

/**
 * The controllers pending authorization, each with "Authorize", kept live (`controller.pending`, sent
 * to users who may authorize, refetches the list); while there is none, a wait for the first one (a
 * gateway's wording on "Connect a store gateway"). A gateway says how many controllers it announced.
 */
export function WaitingForController(props: { kind?: 'gateway' }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const pending = useQuery({ ...unauthorizedControllersQuery(), enabled: userCan(user, 'controller.authorize') });
  useLiveQuery(unauthorizedControllersQuery().queryKey, { 'controller.pending': true });
  const list = pending.data ?? [];
  return (
    <Section title={t('pending.title')} id="connect-waiting">
      <div aria-live="polite">
        {list.length === 0 ? (
          // Not the loading Spinner: this wait has no end of its own (and page sweeps wait for spinners).
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <span className="size-2.5 animate-pulse rounded-full bg-blue-600" aria-hidden="true" />
            {pending.isError
              ? t('pending.error')
              : props.kind === 'gateway'
                ? t('onboarding.gateway.waiting')
                : t('onboarding.waiting')}
          </p>
        ) : (
          <ul className="space-y-3">
            {list.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm">
                  {c.kind === 'gateway'
                    ? t('onboarding.gateway.announced', { mac: c.mac_address, count: c.children ?? 0 })
                    : t('onboarding.announced', { mac: c.mac_address })}
                  {c.name ? <span className="text-slate-600 dark:text-slate-300"> · {c.name}</span> : null}
                </p>
                <Link to="/controllers/$id/authorise" params={{ id: String(c.id) }} className={primaryButton}>
                  {t('onboarding.authorizeIt', { mac: c.mac_address })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
