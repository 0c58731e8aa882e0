import type {
  JobCategory,
  JobCreateBody,
  JobDetail,
  JobLocation,
  JobPriority,
  JobStats,
  JobStatus,
  JobStatusBody,
  JobSummary,
  JobUpdateBody,
} from '@rcm/shared/jobs';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { jobKeys } from './keys.ts';

export type JobFilters = {
  status?: JobStatus;
  /** Comma-separated category ids (kept as text in the URL). */
  categories?: string;
  /** Comma-separated priorities. */
  priorities?: string;
  controller_id?: number;
  alarm_id?: number;
  page?: number;
  per_page?: number;
};

export type JobPage = {
  data: JobSummary[];
  meta: ListMeta;
};

export const jobsQuery = (filters: JobFilters) =>
  queryOptions({
    queryKey: jobKeys.list(filters),
    queryFn: () => api<JobPage>(`jobs?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

export const jobStatsQuery = (filters: Pick<JobFilters, 'categories' | 'priorities'>) =>
  queryOptions({
    queryKey: jobKeys.stats(filters),
    ...apiRead(
      `jobs/stats?${toQueryString(filters)}`,
      (r: { data: JobStats; meta: { provider: 'local' | 'zuper' } }) => ({
        ...r.data,
        provider: r.meta.provider,
      }),
    ),
  });

export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => api<{ data: JobDetail }>(`jobs/${id}`).then((r) => r.data),
  });

export const jobCategoriesQuery = () =>
  queryOptions({
    queryKey: jobKeys.categories,
    queryFn: () => api<{ data: JobCategory[] }>('jobs/categories').then((r) => r.data),
    staleTime: 60_000,
  });

/** Where the caller may file a new job (their scope, archived stores left out). */
export const jobLocationsQuery = () =>
  queryOptions({
    queryKey: jobKeys.locations,
    queryFn: () => api<{ data: JobLocation[] }>('jobs/locations').then((r) => r.data),
    staleTime: 60_000,
  });

export const assignableQuery = (id: number) =>
  queryOptions({
    queryKey: jobKeys.assignable(id),
    queryFn: () => api<{ data: { id: number; name: string }[] }>(`jobs/${id}/assignable`).then((r) => r.data),
  });

export function createJob(body: JobCreateBody) {
  return api<{ data: JobDetail }>('jobs', { method: 'POST', body }).then((r) => r.data);
}

export function updateJob(id: number, body: JobUpdateBody) {
  return api<{ data: JobDetail }>(`jobs/${id}`, { method: 'PATCH', body }).then((r) => r.data);
}

export function changeJobStatus(id: number, body: JobStatusBody) {
  return api<{ data: JobDetail }>(`jobs/${id}/status`, { method: 'POST', body }).then((r) => r.data);
}

export function assignJob(id: number, userIds: number[]) {
  return api<{ data: JobDetail }>(`jobs/${id}/assignees`, { method: 'PUT', body: { user_ids: userIds } }).then(
    (r) => r.data,
  );
}

/** `a,b` ⇄ list, for the multi-select filters kept in the URL. */
export function splitList(value: string | number | undefined): string[] {
  return value === undefined || value === '' ? [] : String(value).split(',').filter(Boolean);
}

export type { JobPriority };
