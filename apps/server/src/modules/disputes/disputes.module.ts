export { disputeBodyLimit, disputesRoutes } from './disputes.routes';
export { openDispute } from './disputes.service';
export { readEvidence } from './evidence';
