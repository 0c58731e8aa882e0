import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page.tsx';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';

/** The dashboard of an installation without controllers: what to do next, with the caller's ways to do it. */
export function FirstSteps() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <EmptyState title={t('onboarding.dashboardEmptyTitle')} body={t('onboarding.dashboardEmptyBody')}>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {userCan(user, 'location.create') ? (
          <Link to="/locations" className={secondaryButton}>
            {t('onboarding.addLocation')}
          </Link>
        ) : null}
        {userCan(user, 'controller.authorize') ? (
          <Link to="/controllers/connect" className={primaryButton}>
            {t('onboarding.connect')}
          </Link>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('onboarding.noControllersAsk')}</p>
        )}
      </div>
    </EmptyState>
  );
}
