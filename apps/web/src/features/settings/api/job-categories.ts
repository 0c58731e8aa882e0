import type { JobCategoryBody, JobCategoryList, JobCategoryPatch, JobCategoryRecord } from '@rcm/shared/jobs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const jobCategoriesSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'job-categories'],
    queryFn: () => api<JobCategoryList>('settings/job-categories'),
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
