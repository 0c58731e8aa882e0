import type { DeviceRejections } from '@rcm/shared/device';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { linkClass } from '@/components/ui/button.ts';
import { LabelledSection } from '@/components/ui/section.tsx';
import { formatDateTime } from '@/lib/format.ts';

/**
 * What ingest refused from this controller (messages not JSON, of the wrong shape, too large): how
 * many, and the last one's time, channel and what was wrong where. Nothing while none was refused.
 */
export function RefusedMessages(props: { rejections: DeviceRejections | null }) {
  const { t } = useTranslation();
  const r = props.rejections;
  if (!r) return null;
  const problem =
    r.reason === 'too_large'
      ? t('deviceMessages.reason.too_large')
      : t(`deviceMessages.problem.${r.problem ?? 'other'}`);
  const why = r.field
    ? t('deviceMessages.refusedField', { field: r.field, problem })
    : t('deviceMessages.refusedWhole', { problem });
  return (
    <LabelledSection
      id="refused-messages"
      title={t('deviceMessages.refusedTitle')}
      className="mt-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      headingClassName="font-semibold"
    >
      <p className="mt-1">{t('deviceMessages.refusedCount', { count: r.count })}</p>
      <p className="mt-1">
        {t('deviceMessages.refusedLast', {
          at: formatDateTime(r.last_at),
          channel: t(`deviceMessages.channel.${r.channel}`),
          why,
        })}
      </p>
      <p className="mt-1">
        <Link to="/controllers/connect" hash="connect-messages" className={linkClass}>
          {t('deviceMessages.refusedFormat')}
        </Link>
      </p>
    </LabelledSection>
  );
}
