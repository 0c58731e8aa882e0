import { positive, type Raw } from '@/lib/search-values.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A report's filters; a missing or malformed date is left out (the page uses the last 30 days). */
export type ReportSearch = {
  from?: string;
  to?: string;
  location_id?: number;
  page?: number;
  status?: string;
  severity?: string;
};

export function reportSearch(raw: Raw): ReportSearch {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    from: typeof raw.from === 'string' && DAY.test(raw.from) ? raw.from : undefined,
    to: typeof raw.to === 'string' && DAY.test(raw.to) ? raw.to : undefined,
    location_id: positive(raw.location_id),
    page: positive(raw.page),
    status: text(raw.status),
    severity: text(raw.severity),
  };
}
