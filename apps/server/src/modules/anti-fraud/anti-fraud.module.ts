export { antiFraudCheck, antiFraudCheckJob, antiFraudSweepJob, antiFraudSweepSeconds } from './anti-fraud.jobs';
export { antiFraudRoutes } from './anti-fraud.routes';
export { openCase } from './anti-fraud.rules';
export { runChecks, runOverdueSweep } from './anti-fraud.service';
export { antiFraudSettings } from './anti-fraud.table';
