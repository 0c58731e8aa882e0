import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { linkClass } from '@/components/ui/button.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { pagingWarningsQuery } from '../api/paging.ts';

/** How many organizations the banner names before it says "and N more". */
const SHOWN = 4;

/**
 * Warns a settings viewer (dashboard, alarm types) of high and critical alarm types that would page
 * nobody in an organization or at a location with its own policy. Nothing to warn of: nothing shown.
 */
export function PagingWarnings() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const allowed = userCan(user, 'settings.view');
  const warnings = useQuery({ ...pagingWarningsQuery(), enabled: allowed });
  if (!allowed || !warnings.data || warnings.data.length === 0) return null;
  const es = i18n.language.startsWith('es');
  const byOrg = new Map<string, string[]>();
  for (const w of warnings.data) {
    // Where the warning holds: the organization, or one of its locations whose own policy reaches nobody.
    const where = w.location ? `${w.organization.name} · ${w.location.name}` : w.organization.name;
    const names = byOrg.get(where) ?? [];
    names.push(es ? w.alarm_type.name_es : w.alarm_type.name);
    byOrg.set(where, names);
  }
  const orgs = [...byOrg.entries()];
  return (
    <section
      aria-labelledby="paging-warnings-title"
      className="mt-4 rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="paging-warnings-title" className="font-semibold">
        {t('oncall.warningsTitle', { count: warnings.data.length })}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {orgs.slice(0, SHOWN).map(([org, types]) => (
          <li key={org}>
            <span className="font-medium">{org}</span>: {types.join(', ')}
          </li>
        ))}
      </ul>
      {orgs.length > SHOWN ? <p className="mt-1">{t('oncall.warningsMore', { count: orgs.length - SHOWN })}</p> : null}
      <p className="mt-2">
        {t('oncall.warningsHint')}{' '}
        <Link to="/settings/alarm-types" className={linkClass}>
          {t('oncall.warningsLink')}
        </Link>
      </p>
    </section>
  );
}
