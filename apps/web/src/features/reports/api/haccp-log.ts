import type {
  HaccpCorrectiveActionBody,
  HaccpEntry,
  HaccpEntryKind,
  HaccpExcursion,
  HaccpExcursionSummary,
  HaccpSignatureCheck,
  HaccpSignOffBody,
} from '@rcm/shared/haccp';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { reportKeys } from './keys.ts';
import type { ReportFilters } from './reports.ts';

type Range = Pick<ReportFilters, 'from' | 'to' | 'location_id'>;

/** The range's excursions, each with its corrective actions (a page of them). */
export const haccpExcursionsQuery = (range: Range, page: number) =>
  queryOptions({
    queryKey: reportKeys.haccpExcursions(range, page),
    queryFn: () =>
      api<{ data: HaccpExcursion[]; meta: ListMeta; summary: HaccpExcursionSummary }>(
        `reports/haccp/excursions?${toQueryString({ ...range, page, per_page: 20 })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The log's entries of one kind touching the range. */
export const haccpEntriesQuery = (range: Range, kind: HaccpEntryKind, page: number) =>
  queryOptions({
    queryKey: reportKeys.haccpEntries(kind, range, page),
    queryFn: () =>
      api<{ data: HaccpEntry[]; meta: ListMeta }>(
        `reports/haccp/entries?${toQueryString({ ...range, kind, page, per_page: 20 })}`,
      ),
    placeholderData: keepPreviousData,
  });

export function recordCorrectiveAction(body: HaccpCorrectiveActionBody) {
  return api<{ data: HaccpEntry }>('reports/haccp/corrective-actions', { method: 'POST', body }).then((r) => r.data);
}

export function signOffLog(body: HaccpSignOffBody) {
  return api<{ data: HaccpEntry }>('reports/haccp/sign-offs', { method: 'POST', body }).then((r) => r.data);
}

/** Checks a sign-off's signature against the entry as stored now. */
export function verifySignature(id: number) {
  return api<{ data: HaccpSignatureCheck }>(`reports/haccp/sign-offs/${id}/verify`).then((r) => r.data);
}
