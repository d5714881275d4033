export { auditTrail, diff, recordAudit } from './audit.service';
