import { useTranslation } from 'react-i18next';
import { formatRelative } from '@/lib/format.ts';

/** Online/offline at a glance, with when the controller was last heard from. */
export function OnlineStatus(props: { online: boolean; lastSeenAt: string | null }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex items-center gap-1.5 text-sm font-medium">
        <span className={`size-2 rounded-full ${props.online ? 'bg-emerald-600' : 'bg-red-600'}`} aria-hidden="true" />
        {props.online ? t('controllers.online') : t('controllers.offline')}
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        {t('controllers.lastSeen', { when: formatRelative(props.lastSeenAt) })}
      </span>
    </span>
  );
}
