import type { OfflineReason } from '@rcm/shared/controllers';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '@/lib/format.ts';

const KNOWN = ['ok', 'defrost', 'door_open', 'off', 'fault'] as const;
/** The dot's colour: red for a fault (as for offline), green running, amber for any other state. */
const TONES = new Map([
  ['fault', 'bg-red-600'],
  ['ok', 'bg-emerald-600'],
]);

/**
 * A controller behind a gateway, as its last poll left it: the state its profile read (running, defrost,
 * door open, off, fault); offline, why ("not answering" its polls, its bus's link is down, or its gateway is offline); or "not
 * polled yet".
 */
export function ChildState(props: { online: boolean; state: string | null; reason?: OfflineReason | null }) {
  const { t } = useTranslation();
  const label = !props.online
    ? t(`gateways.states.${props.reason ?? 'no_response'}`)
    : props.state === null
      ? t('gateways.states.unknown')
      : (KNOWN as readonly string[]).includes(props.state)
        ? t(`gateways.states.${props.state as (typeof KNOWN)[number]}`)
        : props.state;
  const tone = props.online ? (TONES.get(props.state ?? '') ?? 'bg-amber-500') : 'bg-red-600';
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium">
      <span className={`size-2 rounded-full ${tone}`} aria-hidden="true" />
      {label}
    </span>
  );
}

/** When a gateway last read a controller without error: relative, the exact time on hover. */
export function LastGoodPoll(props: { at: string | null }) {
  const { t } = useTranslation();
  if (!props.at) return <span className="text-slate-600 dark:text-slate-300">{t('gateways.never')}</span>;
  return (
    <time dateTime={props.at} title={formatDateTime(props.at)}>
      {formatRelative(props.at)}
    </time>
  );
}
