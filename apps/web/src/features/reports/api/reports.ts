import type { AlarmManagementReport } from '@rcm/shared/alarm-management';
import type { CasePerformanceReport } from '@rcm/shared/case-performance';
import { PICKER_PER_PAGE } from '@rcm/shared/pagination';
import type { RefrigerantReport } from '@rcm/shared/refrigerant';
import type {
  AlarmResponseReport,
  ExportFormat,
  HaccpReport,
  RackManuallyOnReport,
  ReportLocation,
  ReportName,
  UriPurchaseOrdersReport,
} from '@rcm/shared/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, apiFetch } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/download.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { reportKeys } from './keys.ts';

/** The filters every report reads from the URL (plus a report's own, e.g. status or severity). */
export type ReportFilters = {
  from: string;
  to: string;
  location_id?: number;
  page?: number;
  status?: string;
  severity?: string;
};

export type ReportResponses = {
  uri_purchase_orders: UriPurchaseOrdersReport;
  rack_manually_on: RackManuallyOnReport;
  haccp: HaccpReport;
  alarm_response: AlarmResponseReport;
  refrigerant: RefrigerantReport;
  alarm_management: { data: AlarmManagementReport };
  case_performance: { data: CasePerformanceReport };
};

export const reportQuery = <N extends ReportName>(name: N, filters: ReportFilters) =>
  queryOptions({
    queryKey: reportKeys.report(name, filters),
    queryFn: () => api<ReportResponses[N]>(`reports/${name}?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const reportLocationsQuery = () =>
  queryOptions({
    queryKey: reportKeys.locations,
    // A filter offers every location: one page as large as a picker's.
    queryFn: () => api<{ data: ReportLocation[] }>(`reports/locations?per_page=${PICKER_PER_PAGE}`).then((r) => r.data),
    staleTime: 60_000,
  });

/**
 * Downloads a report export, reporting progress as the body arrives (a fraction when the server
 * gives the length, as with CSV; bytes only for a streamed PDF), then saves it under its file name.
 */
export async function downloadReport(
  name: ReportName,
  filters: ReportFilters,
  format: ExportFormat,
  onProgress: (p: { received: number; total: number | null }) => void,
): Promise<string> {
  const { page: _page, ...rest } = filters;
  // The server picks the document's language (the account's) and time zone (the places', else the account's).
  const res = await apiFetch(`reports/${name}?${toQueryString({ ...rest, format })}`, { headers: { Accept: '*/*' } });
  if (!res.body) throw new ApiError(res.status, 'internal', res.statusText);
  const total = Number(res.headers.get('content-length')) || null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  const file =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `${name}_${filters.from}_${filters.to}.${format}`;
  const blob = new Blob(chunks as BlobPart[], { type: format === 'csv' ? 'text/csv' : 'application/pdf' });
  saveFile(blob, file);
  return file;
}
