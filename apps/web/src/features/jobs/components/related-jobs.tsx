import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { jobsQuery } from '../api/jobs.ts';
import { JobTable } from './job-table.tsx';
import { useLiveJobs } from './use-live-jobs.ts';

/** The jobs linked to one alarm (its "Related Jobs") or one controller (its "Jobs" tab), live. */
export function RelatedJobs(props: {
  filter: { alarm_id: number } | { controller_id: number };
  caption: string;
  emptyTitle: string;
  emptyBody: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery(jobsQuery({ ...props.filter, page, per_page: 10 }));
  useLiveJobs();
  if (list.isPending) return <Spinner label={t('common.loading')} />;
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {t('jobs.loadError')}
      </p>
    );
  }
  if (list.data.data.length === 0) return <EmptyState title={props.emptyTitle} body={props.emptyBody} />;
  return (
    <div className="space-y-3">
      <JobTable jobs={list.data.data} caption={props.caption} />
      {list.data.meta.last_page > 1 ? <Pagination meta={list.data.meta} onPage={setPage} /> : null}
    </div>
  );
}
