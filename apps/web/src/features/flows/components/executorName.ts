import type { Executor } from '@paydesk/contract';

/** A trader by its username, a partner by its payment system's title. */
export const executorName = (executor: Executor): string =>
  executor.trader?.username ?? executor.partner?.title ?? executor.bind_id;
