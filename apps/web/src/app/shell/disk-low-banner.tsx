import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storageQuery } from '@/features/ops/api/backups.ts';
import { formatBytes } from '@/lib/format.ts';

/**
 * For administrators who see every organization: the server's disk is almost full, so ingest is
 * refused until space is freed (checked every minute). Nothing is shown otherwise.
 */
export function DiskLowBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(storageQuery());
  if (!data?.disk_low) return null;
  return (
    <div role="alert" className="bg-red-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p>
          <strong className="font-semibold">{t('backups.diskLowTitle')}</strong>{' '}
          {t('backups.diskLowBody', {
            free: formatBytes(data.free_bytes ?? 0),
            min: formatBytes(data.min_free_bytes ?? 0),
          })}
        </p>
      </div>
    </div>
  );
}
