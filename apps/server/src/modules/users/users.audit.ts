import { type AuditEvent, type ListData, paginate } from '@paydesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEvents } from '../audit/audit.module';
import { users } from './users.table';

/** One page of a user's trail, newest first, with the actors' usernames and the total. */
async function auditEventsOf(db: Executor, userId: string, page: { limit: number; offset: number }) {
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

/** GET /user/{uuid}/audit: a user's trail, newest first. */
export async function auditTrail(
  db: Executor,
  userId: string,
  query: { page: number; count: number },
): Promise<ListData<AuditEvent>> {
  const { rows, total } = await auditEventsOf(db, userId, {
    limit: query.count,
    offset: (query.page - 1) * query.count,
  });
  return {
    items: rows.map(({ event, actorUsername }) => ({
      id: event.id,
      action: event.action,
      actor: event.actorId && actorUsername ? { uuid: event.actorId, username: actorUsername } : null,
      created_at: event.createdAt.toISOString(),
      before: event.before ?? null,
      after: event.after ?? null,
    })),
    context: { available_filters: [], pagination: paginate(total, query) },
  };
}
