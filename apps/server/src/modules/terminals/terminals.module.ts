export { normalizeText, readAmount } from './bank-messages/parse';
export { demoHeartbeat, forwardDemoPayment, seedDemoTerminal } from './demo-device';
export { deviceApi } from './device.routes';
export { terminalsRoutes } from './terminals.routes';
export { heartbeatSweepJob, heartbeatSweepSeconds, sweepLostConnections } from './terminals.service';
