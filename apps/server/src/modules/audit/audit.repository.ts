import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/users.module';
import { auditEvents } from './audit.table';

export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, 'createdAt'>;

export const insertAuditEvent = (db: Executor, event: NewAuditEvent) => db.insert(auditEvents).values(event);

/** One page of a user's trail, newest first, with the actors' usernames and the total. */
export async function auditEventsOf(db: Executor, userId: string, page: { limit: number; offset: number }) {
  const where = eq(auditEvents.targetUserId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: auditEvents, actorUsername: users.username })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}
