import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cardClass, SettingsLayout } from '@/components/settings-layout.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { CopyField } from '@/components/ui/copy-field.tsx';

/** A user was created and no mail server sent the invitation: the link to hand over, copyable. */
export function InvitationLink(props: { email: string; url: string }) {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accounts.users.createTitle')}>
      <div className={`max-w-2xl space-y-4 p-6 ${cardClass}`}>
        <p role="status" className="text-sm">
          {t('onboarding.invitationNotSent', { email: props.email })}
        </p>
        <CopyField label={t('onboarding.invitationLink')} value={props.url} />
        <Link to="/settings/users" className={primaryButton}>
          {t('settings.sections.users')}
        </Link>
      </div>
    </SettingsLayout>
  );
}
