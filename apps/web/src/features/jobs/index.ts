export { jobStatsQuery } from './api/jobs.ts';
export { jobsSearch } from './api/jobs-search.ts';
export { jobKeys } from './api/keys.ts';
export { CreateJobButton } from './components/create-job-button.tsx';
export { OpenJobsTile } from './components/open-jobs-tile.tsx';
export { RelatedJobs } from './components/related-jobs.tsx';
