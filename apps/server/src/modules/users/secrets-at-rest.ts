import { and, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Secrets } from '../../lib/secrets';
import { users } from './users.table';

const sealedColumns = ['apiSecret', 'twoFactorSecret', 'twoFactorPendingSecret', 'notificationKey'] as const;

const plain = (column: (typeof sealedColumns)[number]) =>
  and(isNotNull(users[column]), not(sql`${users[column]} like 'v1.%'`));

/**
 * Seals the secrets of rows written before secrets were kept encrypted (DESIGN §9): API secrets, two-factor secrets
 * and notification keys in plain text. Runs at every start and finds nothing once done; any number of processes may
 * run it at once, because each row is locked and checked again before it is sealed. Returns how many users it sealed.
 */
export async function sealPlainSecrets(db: Db, secrets: Secrets): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        apiSecret: users.apiSecret,
        twoFactorSecret: users.twoFactorSecret,
        twoFactorPendingSecret: users.twoFactorPendingSecret,
        notificationKey: users.notificationKey,
      })
      .from(users)
      .where(or(...sealedColumns.map(plain)))
      .for('update');
    for (const row of rows) {
      const changes: Partial<Record<(typeof sealedColumns)[number], string>> = {};
      for (const column of sealedColumns) {
        const value = row[column];
        if (value !== null && !secrets.isSealed(value)) changes[column] = secrets.seal(value);
      }
      await tx.update(users).set(changes).where(eq(users.id, row.id));
    }
    return rows.length;
  });
}
