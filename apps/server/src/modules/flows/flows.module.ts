export { flowsExecutedBy, insertExecutor, insertFlow, upsertTraderRestriction } from './flows.repository';
export { flowsRoutes } from './flows.routes';
export { flowExecutors, flows } from './flows.table';
export type { QuoteRow } from './rates';
export { createRateFeed, currentRate, rateText } from './rates';
