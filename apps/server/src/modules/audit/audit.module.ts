export { diff, recordAudit } from './audit.service';
export { auditEvents } from './audit.table';
