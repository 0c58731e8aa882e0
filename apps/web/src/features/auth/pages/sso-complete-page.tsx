import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/auth-card.tsx';
import { Spinner } from '@/components/page.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { RootError } from '@/components/ui/form.tsx';
import { failureMessage } from '@/lib/api-client.ts';
import { completeSso } from '@/lib/auth-store.ts';

/**
 * The one completion of this page load: the outcome is single use, and the page may mount again
 * meanwhile (the signed-in person's language replacing the visitor's), which must not ask twice.
 * Every trip through the provider ends in a full page load here, so each starts without one.
 */
let completion: ReturnType<typeof completeSso> | null = null;

/** Errors the server names in this page's address (the trip did not start or came back unusable). */
const ADDRESS_ERRORS = ['sso_not_completed', 'sso_unavailable'] as const;

/**
 * /user/sso: where the identity provider's sign-in lands. The outcome waits in a single-use HttpOnly
 * cookie; completing it gives the ordinary session, or the reason there is none (no mapped role, the
 * provider refused…), said here.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ from: '/user/sso' });
  const addressError = ADDRESS_ERRORS.find((e) => e === search.error);
  const [error, setError] = useState<string | null>(
    addressError
      ? t(`login.sso.errors.${addressError}`)
      : search.error
        ? t('login.sso.errors.sso_not_completed')
        : null,
  );
  useEffect(() => {
    if (search.error) return;
    let live = true;
    completion ??= completeSso();
    completion
      .then(() => {
        if (live) void navigate({ to: search.return_to ?? '/', replace: true });
      })
      .catch((err: unknown) => {
        if (live) setError(failureMessage(err, t('errors.network')));
      });
    return () => {
      live = false;
    };
  }, [navigate, search.error, search.return_to, t]);

  return (
    <AuthCard title={error ? t('login.sso.failedTitle') : t('login.sso.completing')}>
      {error ? (
        <div className="space-y-5">
          <RootError message={error} />
          <Link to="/user/login" className={linkClass}>
            {t('login.sso.backToSignIn')}
          </Link>
        </div>
      ) : (
        <div className="flex justify-center">
          <Spinner label={t('login.sso.completing')} />
        </div>
      )}
    </AuthCard>
  );
}
