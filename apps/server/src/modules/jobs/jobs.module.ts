export type { NewJob } from './jobs.repository';
export { enqueueJobs, ensureRecurring, insertJobsWhere, noticeJobs } from './jobs.repository';
export type { JobDefinition, JobRunner } from './jobs.runner';
export { createJobRunner } from './jobs.runner';
