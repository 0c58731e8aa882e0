import type { JobCategoryBody, JobCategoryList, JobCategoryPatch, JobCategoryRecord } from '@rcm/shared/jobs';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { jobKeys } from './keys.ts';

/** A page of the categories, each with its job count, and where they are managed. */
export const jobCategoriesSettingsQuery = (page = 1) =>
  queryOptions({
    queryKey: jobKeys.categoryPage(page),
    queryFn: () => api<JobCategoryList>(`settings/job-categories?page=${page}`),
    placeholderData: keepPreviousData,
  });

export function createJobCategory(body: JobCategoryBody) {
  return api<{ data: JobCategoryRecord }>('settings/job-categories', { method: 'POST', body }).then((r) => r.data);
}

/** Renames (`name`) or restores (`archived: false`). */
export function updateJobCategory(id: number, body: JobCategoryPatch) {
  return api<{ data: JobCategoryRecord }>(`settings/job-categories/${id}`, { method: 'PATCH', body }).then(
    (r) => r.data,
  );
}

/** Archives: no longer offered for new jobs; jobs filed under it keep it. */
export function archiveJobCategory(id: number) {
  return api<null>(`settings/job-categories/${id}`, { method: 'DELETE' });
}
