import { z } from 'zod';
import { JOB_PRIORITIES, JOB_STATUSES } from './filter-values.ts';
import { listMeta, pageQuery } from './pagination.ts';
import { bodyId, paramId } from './params.ts';

export { JOB_PRIORITIES, JOB_STATUSES };

export const JOB_PROVIDERS = ['local', 'zuper'] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobPriority = (typeof JOB_PRIORITIES)[number];

const id = z.number().int();
const ref = z.object({ id, name: z.string() });

export const jobAssignee = z.object({ user_id: id.nullable(), name: z.string() });

export const jobSummary = z.object({
  id,
  number: z.string(),
  title: z.string(),
  category: ref.nullable(),
  priority: z.enum(JOB_PRIORITIES),
  status: z.enum(JOB_STATUSES),
  provider_status: z.string().nullable(),
  created_by: z.string(),
  organisation: ref.nullable(),
  location: ref.nullable(),
  controller: ref.nullable(),
  alarm: z.object({ id, ref: z.number().int() }).nullable(),
  assignees: z.array(jobAssignee),
  call_received_at: z.string(),
  provider: z.enum(JOB_PROVIDERS),
  external_id: z.string().nullable(),
  updated_at: z.string(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobHistoryEntry = z.object({
  id,
  from_status: z.enum(JOB_STATUSES).nullable(),
  to_status: z.enum(JOB_STATUSES),
  changed_by: z.string(),
  note: z.string(),
  changed_at: z.string(),
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntry>;

export const jobDetail = jobSummary.extend({
  description: z.string(),
  history: z.array(jobHistoryEntry),
  /** Whether the caller may edit, assign and change the status of this job. */
  can_edit: z.boolean(),
});
export type JobDetail = z.infer<typeof jobDetail>;

/** `a,b,c` in the query string → a list (the filters live in the URL). */
const csv = z
  .string()
  .max(500)
  .transform((s) => s.split(',').filter(Boolean));

export const jobListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(JOB_STATUSES).optional(),
  categories: csv
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/)
          .transform(Number),
      ),
    )
    .optional(),
  priorities: csv.pipe(z.array(z.enum(JOB_PRIORITIES))).optional(),
  controller_id: paramId.optional(),
  alarm_id: paramId.optional(),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobStats = z.object({ New: z.number(), Started: z.number(), 'On Hold': z.number(), Closed: z.number() });
export type JobStats = z.infer<typeof jobStats>;

const title = z.string().trim().min(1).max(200);

export const jobCreateBody = z.object({
  title,
  description: z.string().max(5000).default(''),
  category_id: bodyId.nullable().default(null),
  priority: z.enum(JOB_PRIORITIES).default('MEDIUM'),
  location_id: bodyId,
  controller_id: bodyId.nullable().default(null),
  /** The alarm's ref (the human-facing number), when the job is created from an alarm. */
  alarm_ref: bodyId.nullable().default(null),
  call_received_at: z.iso.datetime({ offset: true }).optional(),
});
export type JobCreateBody = z.input<typeof jobCreateBody>;

export const jobUpdateBody = z.object({
  title,
  description: z.string().max(5000),
  category_id: bodyId.nullable(),
  priority: z.enum(JOB_PRIORITIES),
});
export type JobUpdateBody = z.infer<typeof jobUpdateBody>;

export const jobStatusBody = z.object({ status: z.enum(JOB_STATUSES), note: z.string().max(1000).default('') });
export type JobStatusBody = z.input<typeof jobStatusBody>;

export const jobAssignBody = z.object({ user_ids: z.array(bodyId).max(20) });
export type JobAssignBody = z.infer<typeof jobAssignBody>;

export const jobCategory = z.object({
  id,
  name: z.string(),
  provider: z.enum(JOB_PROVIDERS),
  /** Archived: not offered for new jobs; jobs filed under it keep it. */
  archived: z.boolean(),
  /** Offered for new jobs: not archived, and of the provider jobs are created at (ours or Zuper's). */
  selectable: z.boolean(),
});
export type JobCategory = z.infer<typeof jobCategory>;

/** GET /api/jobs/locations: where the caller may file a job (its scope, archived locations left out). */
export const jobLocation = z.object({ id, name: z.string(), organization_name: z.string() });
export type JobLocation = z.infer<typeof jobLocation>;

/** Settings → Job categories: each category with how many jobs are filed under it. */
export const jobCategoryRecord = jobCategory.extend({ job_count: z.number().int() });
export type JobCategoryRecord = z.infer<typeof jobCategoryRecord>;

/** Where categories are managed: here (`local`) or in Zuper while it is connected (read-only here). */
export const jobCategoryList = z.object({
  data: z.array(jobCategoryRecord),
  meta: listMeta.extend({ managed_by: z.enum(JOB_PROVIDERS) }),
});

/** GET /api/settings/job-categories. */
export const jobCategoryListQuery = pageQuery(25);
export type JobCategoryList = z.infer<typeof jobCategoryList>;

const categoryName = z.string().trim().min(1).max(100);

/** POST /api/settings/job-categories. */
export const jobCategoryBody = z.object({ name: categoryName });
export type JobCategoryBody = z.infer<typeof jobCategoryBody>;

/** PATCH /api/settings/job-categories/{id}: rename, or `archived: false` to restore. */
export const jobCategoryPatch = z.object({ name: categoryName.optional(), archived: z.literal(false).optional() });
export type JobCategoryPatch = z.infer<typeof jobCategoryPatch>;

/** The realtime `job.updated` event: enough to know which lists to refresh. */
export type JobUpdatedEvent = {
  id: number;
  status: JobStatus;
  controller_id: number | null;
  alarm_id: number | null;
  location_id: number | null;
};
