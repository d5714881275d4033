import type { Executor } from '../../db/client';
import { auditEvents } from './audit.table';

export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, 'createdAt'>;

export const insertAuditEvent = (db: Executor, event: NewAuditEvent) => db.insert(auditEvents).values(event);
