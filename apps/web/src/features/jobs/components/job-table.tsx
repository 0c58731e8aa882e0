import type { JobSummary } from '@rcm/shared/jobs';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { linkClass } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { JobPriorityBadge, JobStatusBadge } from './job-badges.tsx';

/** The job fields of docs/requirements.md §3, one row per job; the number links to the job view. */
export function JobTable(props: { jobs: JobSummary[]; caption: string }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  return (
    <DataTable
      caption={props.caption}
      rows={props.jobs}
      rowKey={(job) => job.id}
      titleColumns={2}
      columns={[
        {
          key: 'number',
          header: t('jobs.number'),
          className: 'whitespace-nowrap',
          cell: (job) => (
            <Link to="/jobs/$id/view" params={{ id: String(job.id) }} className={linkClass}>
              {job.number}
            </Link>
          ),
        },
        { key: 'name', header: t('jobs.name'), className: 'min-w-48', cell: (job) => job.title },
        {
          key: 'category',
          header: t('jobs.category'),
          cell: (job) => (job.category ? seeded('job_category', job.category.name) : '—'),
        },
        {
          key: 'priority',
          header: t('jobs.priorityLabel'),
          cell: (job) => <JobPriorityBadge priority={job.priority} />,
        },
        { key: 'createdBy', header: t('jobs.createdBy'), cell: (job) => job.created_by || '—' },
        { key: 'status', header: t('jobs.statusLabel'), cell: (job) => <JobStatusBadge status={job.status} /> },
        { key: 'location', header: t('jobs.location'), cell: (job) => job.location?.name ?? '—' },
        {
          key: 'assignees',
          header: t('jobs.assignees'),
          cell: (job) => (job.assignees.length ? job.assignees.map((a) => a.name).join(', ') : t('jobs.unassigned')),
        },
        {
          key: 'callReceived',
          header: t('jobs.callReceived'),
          className: 'whitespace-nowrap tabular-nums',
          cell: (job) => formatDateTime(job.call_received_at),
        },
      ]}
    />
  );
}
