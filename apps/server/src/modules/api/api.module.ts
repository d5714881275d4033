export { apiV1 } from './api.routes';
export { sweepKeys } from './idempotency';
