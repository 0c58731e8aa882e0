import type { UnauthorisedController } from '@rcm/shared/auth';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/ui/button.ts';
import { Section } from '../../components/ui/section.tsx';
import { onRealtime } from '../../lib/realtime.ts';

/**
 * Waits, live, for controllers to announce themselves while the page is open (`controller.pending`,
 * sent to users who may authorize) and offers to authorize each one.
 */
export function WaitingForController() {
  const { t } = useTranslation();
  const [announced, setAnnounced] = useState<UnauthorisedController[]>([]);
  useEffect(
    () =>
      onRealtime('controller.pending', ({ controller }) =>
        setAnnounced((list) => (list.some((c) => c.id === controller.id) ? list : [...list, controller])),
      ),
    [],
  );
  return (
    <Section title={t('pending.title')} id="connect-waiting">
      <div aria-live="polite">
        {announced.length === 0 ? (
          // Not the loading Spinner: this wait has no end of its own (and page sweeps wait for spinners).
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <span className="size-2.5 animate-pulse rounded-full bg-blue-600" aria-hidden="true" />
            {t('onboarding.waiting')}
          </p>
        ) : (
          <ul className="space-y-3">
            {announced.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm">{t('onboarding.announced', { mac: c.mac_address })}</p>
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
