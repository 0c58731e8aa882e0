import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { logout } from '@/lib/auth-store.ts';

/** /user/logout: ends the session on the server, clears the client, and goes to login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void logout().then(() => navigate({ to: '/user/login', search: { redirect: undefined }, replace: true }));
  }, [navigate]);
  return (
    <div className="p-8">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
