import { JOB_PRIORITIES, type JobStatus } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/multi-select.tsx';
import { Page } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { ListState } from '@/components/ui/data-table.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { userCan } from '@/lib/user-can.ts';
import { type JobFilters, jobCategoriesQuery, jobStatsQuery, jobsQuery, splitList } from '../api/jobs.ts';
import { jobsSearch } from '../api/jobs-search.ts';
import { NewJobButton } from '../components/create-job-button.tsx';
import { JobTable } from '../components/job-table.tsx';
import { JobTiles } from '../components/job-tiles.tsx';
import { useLiveJobs } from '../components/use-live-jobs.ts';

/** /jobs: tiles New, Started, On Hold, Closed (a click filters), Categories and Priorities filters in the URL. */
export function JobsPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { user } = useAuth();
  const navigate = useNavigate({ from: '/jobs' });
  // The route's search also holds the URL's other params: only the validated ones are filters.
  const filters = jobsSearch(useSearch({ from: '/jobs' }));
  const list = useQuery(jobsQuery(filters));
  const stats = useQuery(jobStatsQuery({ categories: filters.categories, priorities: filters.priorities }));
  const categories = useQuery(jobCategoriesQuery());
  useLiveJobs();

  const update = (patch: Partial<JobFilters>) =>
    void navigate({ to: '/jobs', search: { ...filters, page: undefined, ...patch } });
  const join = (values: string[]) => (values.length ? values.join(',') : undefined);

  const rows = list.data?.data ?? [];
  const filtered = !!(filters.status || filters.categories || filters.priorities);
  return (
    <Page
      title={t('jobs.title')}
      subtitle={t('jobs.subtitle')}
      actions={userCan(user, 'job.create') ? <NewJobButton /> : null}
    >
      <JobTiles
        stats={stats.data}
        selected={filters.status}
        onSelect={(status: JobStatus | undefined) => update({ status })}
      />
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <MultiSelect
          label={t('jobs.categories')}
          anyLabel={t('jobs.allCategories')}
          options={(categories.data ?? []).map((c) => ({
            value: String(c.id),
            label: c.archived
              ? `${seeded('job_category', c.name)} ${t('jobs.archivedCategory')}`
              : seeded('job_category', c.name),
          }))}
          value={splitList(filters.categories)}
          onChange={(v) => update({ categories: join(v) })}
        />
        <MultiSelect
          label={t('jobs.priorities')}
          anyLabel={t('jobs.allPriorities')}
          options={JOB_PRIORITIES.map((p) => ({ value: p, label: t(`jobs.priority.${p}`) }))}
          value={splitList(filters.priorities)}
          onChange={(v) => update({ priorities: join(v) })}
        />
        {filtered ? (
          <button
            type="button"
            onClick={() => void navigate({ to: '/jobs', search: {} })}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium dark:border-slate-600 dark:bg-slate-900"
          >
            {t('jobs.clearFilters')}
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        <ListState
          pending={list.isPending}
          error={list.isError}
          empty={rows.length === 0}
          errorLabel={t('jobs.loadError')}
          onRetry={() => void list.refetch()}
          emptyTitle={t('jobs.emptyTitle')}
          emptyBody={t('jobs.emptyBody')}
        >
          <JobTable jobs={rows} caption={t('jobs.table')} />
        </ListState>
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            meta={list.data.meta}
            onPage={(page) => void navigate({ to: '/jobs', search: { ...filters, page } })}
          />
        </div>
      ) : null}
    </Page>
  );
}
