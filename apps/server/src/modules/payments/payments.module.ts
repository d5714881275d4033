export { paymentsRoutes } from './payments.routes';
export { dateRange } from './payments.view';
export type { DemoChain } from './sources/demo';
export { createDemoChain } from './sources/demo';
export { createTronGridWatcher } from './sources/trongrid';
export { requestWithdrawal } from './withdrawals';
