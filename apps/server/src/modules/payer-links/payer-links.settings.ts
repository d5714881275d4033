import type { PayerPageSettings, payerPageSettingsUpdateSchema } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { diff, recordAudit } from '../audit/audit.module';
import { payerPageSettings } from './payer-links.table';

type SettingsRow = typeof payerPageSettings.$inferSelect;

const viewOf = (row: SettingsRow | undefined): PayerPageSettings => ({
  payer_display_name: row?.displayName ?? null,
  payer_support_contact: row?.supportContact ?? null,
  payer_return_hosts: row?.returnHosts ?? [],
  payer_frame_origins: row?.frameOrigins ?? [],
});

/** The merchant's settings of its payer's page; a merchant that set none has none (no name, no hosts, no frames). */
export async function readPayerPageSettings(db: Db, merchantId: string): Promise<PayerPageSettings> {
  const [row] = await db.select().from(payerPageSettings).where(eq(payerPageSettings.merchantId, merchantId));
  return viewOf(row);
}

/** Saves every setting at once and records what changed in the merchant's audit trail. */
export async function updatePayerPageSettings(
  db: Db,
  merchantId: string,
  change: z.output<typeof payerPageSettingsUpdateSchema>,
): Promise<PayerPageSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(payerPageSettings)
      .where(eq(payerPageSettings.merchantId, merchantId))
      .for('update');
    const values = {
      displayName: change.payer_display_name,
      supportContact: change.payer_support_contact,
      returnHosts: change.payer_return_hosts,
      frameOrigins: change.payer_frame_origins,
      updatedAt: new Date(),
    };
    const [after] = await tx
      .insert(payerPageSettings)
      .values({ merchantId, ...values })
      .onConflictDoUpdate({ target: payerPageSettings.merchantId, set: values })
      .returning();
    const changed = diff(viewOf(before), viewOf(after));
    if (Object.keys(changed.after).length > 0) {
      await recordAudit(tx, {
        actorId: merchantId,
        action: 'user.payer_page_changed',
        targetUserId: merchantId,
        ...changed,
      });
    }
    return viewOf(after);
  });
}
