import type { JobPriority, JobStatus } from '@rcm/shared/jobs';

/** A job as a provider reports it, already mapped to our vocabulary. */
export type ProviderJob = {
  externalId: string;
  number: string;
  title: string;
  category: { externalId: string; name: string } | null;
  priority: JobPriority;
  status: JobStatus;
  providerStatus: string | null;
  createdByName: string;
  assignees: { externalId: string | null; name: string }[];
  address: { street: string; city: string; state: string; zip: string } | null;
  callReceivedAt: Date | null;
};

export type ProviderJobInput = {
  title: string;
  description: string;
  priority: JobPriority;
  category: { externalId: string | null; name: string } | null;
  address: { street: string; city: string; state: string; zip: string } | null;
};

/**
 * Where jobs live. `local`: only in our table. `zuper`: created in Zuper and synced back; our table
 * keeps a copy (provider + external id) so lists stay fast either way.
 */
export type JobsProvider = {
  kind: 'local' | 'zuper';
  /** Creates the job at the provider; null when the provider is our own table. */
  create(input: ProviderJobInput): Promise<{ externalId: string; number: string } | null>;
  /** Every job the provider holds, a page at a time. */
  pages(): AsyncGenerator<ProviderJob[]>;
  categories(): Promise<{ externalId: string; name: string }[]>;
};

export const localJobsProvider: JobsProvider = {
  kind: 'local',
  create: async () => null,
  async *pages() {},
  categories: async () => [],
};
