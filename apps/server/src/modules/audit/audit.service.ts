import type { AuditAction } from '@paydesk/contract';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { insertAuditEvent } from './audit.repository';

export interface AuditEntry {
  /** Who did it; null when the platform itself did (a watcher, a job). */
  actorId: string | null;
  /** What happened, one of the contract's `auditActions` (each has a title on the screens). */
  action: AuditAction;
  /** Whose trail it belongs to. */
  targetUserId: string | null;
  before?: object | null;
  after?: object | null;
}

/** Records one entry in the caller's transaction, so the trail holds exactly what happened and nothing else. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(tx, {
    id: newId(),
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    before: (entry.before ?? null) as Record<string, unknown> | null,
    after: (entry.after ?? null) as Record<string, unknown> | null,
  });
}

/** The fields that differ between two snapshots, as `before` and `after` objects of only those fields. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
