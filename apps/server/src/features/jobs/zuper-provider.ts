import { JOB_PRIORITIES, type JobPriority, type JobStatus } from '@rcm/shared/jobs';
import { z } from 'zod';
import type { JobsProvider, ProviderJob, ProviderJobInput } from './provider.ts';

const user = z
  .object({ user_uid: z.string().optional(), first_name: z.string().nullish(), last_name: z.string().nullish() })
  .passthrough();

/** The job fields we read (Zuper sends many more; unknown ones pass). */
export const zuperJob = z
  .object({
    job_uid: z.string().min(1),
    work_order_number: z.union([z.string(), z.number()]).nullish(),
    job_title: z.string().default(''),
    job_category: z
      .union([z.string(), z.object({ category_uid: z.string(), category_name: z.string().default('') }).passthrough()])
      .nullish(),
    job_priority: z.string().nullish(),
    current_job_status: z
      .object({ status_name: z.string().nullish(), status_type: z.string().nullish() })
      .passthrough()
      .nullish(),
    assigned_to: z.array(z.object({ user: user.nullish() }).passthrough()).nullish(),
    created_by: user.nullish(),
    customer_address: z
      .object({
        street: z.string().nullish(),
        city: z.string().nullish(),
        state: z.string().nullish(),
        zip_code: z.string().nullish(),
      })
      .passthrough()
      .nullish(),
    created_at: z.string().nullish(),
  })
  .passthrough();
export type ZuperJob = z.infer<typeof zuperJob>;

/** Zuper's response envelope. */
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    type: z.string(),
    data,
    total_records: z.number().optional(),
    total_pages: z.number().optional(),
    current_page: z.number().optional(),
  });

/** Zuper's status types → our four statuses; the status name is kept beside it for display. */
export function mapZuperStatus(status: ZuperJob['current_job_status']): JobStatus {
  const type = (status?.status_type ?? '').toUpperCase().replace(/[\s-]+/g, '_');
  switch (type) {
    case 'NEW':
    case 'SCHEDULED':
      return 'New';
    case 'STARTED':
    case 'IN_PROGRESS':
      return 'Started';
    case 'ON_HOLD':
    case 'PAUSED':
    case 'DELAYED':
      return 'On Hold';
    case 'COMPLETED':
    case 'CLOSED':
    case 'CANCELED':
    case 'CANCELLED':
      return 'Closed';
    default:
      return 'New';
  }
}

function personName(u: z.infer<typeof user> | null | undefined): string {
  return [u?.first_name, u?.last_name].filter(Boolean).join(' ').trim();
}

export function fromZuper(job: ZuperJob): ProviderJob {
  const category =
    job.job_category && typeof job.job_category === 'object'
      ? { externalId: job.job_category.category_uid, name: job.job_category.category_name }
      : null;
  const priority = (job.job_priority ?? '').toUpperCase();
  const addr = job.customer_address;
  const created = job.created_at ? new Date(job.created_at) : null;
  return {
    externalId: job.job_uid,
    number: job.work_order_number != null ? String(job.work_order_number) : `Z-${job.job_uid.slice(0, 8)}`,
    title: job.job_title || job.job_uid,
    category,
    priority: (JOB_PRIORITIES as readonly string[]).includes(priority) ? (priority as JobPriority) : 'MEDIUM',
    status: mapZuperStatus(job.current_job_status),
    providerStatus: job.current_job_status?.status_name ?? null,
    createdByName: personName(job.created_by),
    assignees: (job.assigned_to ?? [])
      .map((a) => ({ externalId: a.user?.user_uid ?? null, name: personName(a.user) }))
      .filter((a) => a.name),
    address: addr
      ? { street: addr.street ?? '', city: addr.city ?? '', state: addr.state ?? '', zip: addr.zip_code ?? '' }
      : null,
    callReceivedAt: created && !Number.isNaN(created.getTime()) ? created : null,
  };
}

export class ZuperError extends Error {}

/** Zuper over HTTP: `x-api-key` authentication, `{type, data, ...}` envelopes, `page`/`count` paging. */
export function createZuperProvider(opts: { baseUrl: string; apiKey: string; pageSize?: number }): JobsProvider {
  const base = opts.baseUrl.replace(/\/$/, '');
  const count = opts.pageSize ?? 50;

  async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-api-key': opts.apiKey,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new ZuperError(`Zuper ${init.method ?? 'GET'} ${path}: HTTP ${res.status}`);
    return res.json();
  }

  return {
    kind: 'zuper',
    async create(input: ProviderJobInput) {
      const job = {
        job_title: input.title,
        job_description: input.description,
        job_priority: input.priority,
        ...(input.category?.externalId ? { job_category: input.category.externalId } : {}),
        ...(input.address
          ? {
              customer_address: {
                street: input.address.street,
                city: input.address.city,
                state: input.address.state,
                zip_code: input.address.zip,
              },
            }
          : {}),
      };
      const body = envelope(
        z.object({ job_uid: z.string(), work_order_number: z.union([z.string(), z.number()]).nullish() }).passthrough(),
      ).parse(await call('/jobs', { method: 'POST', body: { job } }));
      const { job_uid, work_order_number } = body.data;
      return {
        externalId: job_uid,
        number: work_order_number != null ? String(work_order_number) : `Z-${job_uid.slice(0, 8)}`,
      };
    },
    async *pages() {
      for (let page = 1; ; page++) {
        const body = envelope(z.array(z.unknown())).parse(await call(`/jobs?page=${page}&count=${count}`));
        // One malformed job must not stop the sync of the others.
        const jobs = body.data.flatMap((raw) => {
          const parsed = zuperJob.safeParse(raw);
          return parsed.success ? [fromZuper(parsed.data)] : [];
        });
        yield jobs;
        const last = body.total_pages ?? (body.data.length < count ? page : page + 1);
        if (page >= last || body.data.length === 0) return;
      }
    },
    async categories() {
      const body = envelope(
        z.array(z.object({ category_uid: z.string(), category_name: z.string() }).passthrough()),
      ).parse(await call('/jobs/category'));
      return body.data.map((c) => ({ externalId: c.category_uid, name: c.category_name }));
    },
  };
}
