export type { NewJob } from './jobs.queue';
export { enqueueJobs, ensureRecurring, insertJobsWhere, noticeJobs } from './jobs.queue';
export type { JobDefinition, JobRunner } from './jobs.runner';
export { createJobRunner } from './jobs.runner';
