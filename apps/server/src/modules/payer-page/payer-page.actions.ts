import { createHash } from 'node:crypto';
import { apiDisputeCreateSchema, disputeFileMaxBytes, type Language } from '@paydesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { translate } from '../../i18n/messages';
import { DomainError } from '../../lib/errors';
import { sniffType } from '../../lib/evidence';
import type { FileStorage } from '../../lib/file-storage';
import { newId } from '../../lib/ids';
import type { OpenDispute } from '../disputes/disputes.module';
import { confirmPayIn, lockOrderForChange, noteOrderEvent, orderStatusOf } from '../orders/orders.module';
import { markReported } from '../payer-links/payer-links.module';
import type { ReferenceData } from '../reference/reference.module';
import type { PageContext } from './payer-page.state';
import { payerReceipts } from './payer-page.table';
import type { TextKey } from './payer-page.texts';

export interface PageDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
  files: FileStorage;
  /** The disputes module's opening of a dispute, given at registration (app.ts): a late payer's appeal opens one. */
  openDispute: OpenDispute;
}

/** A refusal of the payer's action: its status, its stable code, and what the page says (a text key). */
export class PageRefusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 422 | 429,
    readonly code: string,
    readonly key: TextKey,
    readonly params: Record<string, string | number> = {},
    /** Field messages of a refused form, in the page's language. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(code);
  }
}

/** Receipts one order keeps at most: enough for a payer's retries, not a file store for anyone holding the link. */
const receiptsMax = 5;

/**
 * "I have paid" (DESIGN §20): the merchant API's confirm, `in-progress` and the expiry counted again, the timeline
 * naming the payer, and the page's report time in the same transaction. Pressed again once reported, it is done
 * already; any other state refuses it (409).
 */
export async function reportPaid(deps: PageDeps, context: PageContext): Promise<void> {
  const { order } = context;
  try {
    await confirmPayIn(
      {
        ...deps,
        commitWith: async (tx, row) => {
          await markReported(tx, row.id, row.updatedAt);
        },
      },
      order.merchantId,
      order.id,
      'payer',
    );
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'order_status_conflict') throw error;
    if ((await orderStatusOf(deps.db, order.id)) === 'in-progress') return;
    throw new PageRefusal(409, 'order_status_conflict', 'error.conflict_paid');
  }
}

/** A receipt's bytes checked by content (PDF, PNG, JPEG) and size, as dispute evidence is (DESIGN §12). */
function checkedReceipt(bytes: Buffer | undefined) {
  if (!bytes || bytes.length === 0) throw new PageRefusal(422, 'validation_failed', 'error.file_missing');
  if (bytes.length > disputeFileMaxBytes) throw new PageRefusal(422, 'validation_failed', 'error.file_too_large');
  const type = sniffType(bytes);
  if (!type) throw new PageRefusal(422, 'validation_failed', 'error.file_type');
  return { bytes, type };
}

/** States a receipt may still be attached in: before paying, after reporting, and after the order closed unpaid. */
const receiptStates = new Set(['new', 'in-progress', 'canceled']);

/**
 * Attaches a receipt (DESIGN §20): stored outside the database under a random name before the transaction, removed if
 * it fails; the order locked and its state checked in the transaction; the same content twice is kept once; a line in
 * the order's timeline by the payer.
 */
export async function attachReceipt(deps: PageDeps, context: PageContext, file: Buffer | undefined): Promise<void> {
  const receipt = checkedReceipt(file);
  const sha256 = createHash('sha256').update(receipt.bytes).digest('hex');
  const key = await deps.files.put(receipt.bytes);
  try {
    await deps.db.transaction(async (tx) => {
      const order = await lockOrderForChange(tx, context.order.id);
      if (!order || !receiptStates.has(order.status)) {
        throw new PageRefusal(409, 'order_status_conflict', 'error.conflict_receipt');
      }
      const kept = await tx
        .select({ sha256: payerReceipts.sha256 })
        .from(payerReceipts)
        .where(eq(payerReceipts.orderId, order.id));
      if (kept.some((row) => row.sha256 === sha256)) throw new AlreadyKept();
      if (kept.length >= receiptsMax) throw new PageRefusal(409, 'conflict', 'error.receipts_full');
      await tx.insert(payerReceipts).values({
        id: newId(),
        orderId: order.id,
        storageKey: key,
        contentType: receipt.type,
        sizeBytes: receipt.bytes.length,
        sha256,
      });
      await noteOrderEvent(tx, order, { kind: 'payer', id: null }, 'receipt');
    });
  } catch (error) {
    await deps.files.remove(key);
    if (error instanceof AlreadyKept || isUniqueViolation(error)) return;
    throw error;
  }
}

class AlreadyKept extends Error {}

const extensionOf = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;

/** The receipt an appeal carries: the one sent with it, else the newest the payer attached before. */
async function appealReceipt(deps: PageDeps, orderId: string, file: Buffer | undefined) {
  if (file && file.length > 0) return checkedReceipt(file);
  const [latest] = await deps.db
    .select()
    .from(payerReceipts)
    .where(and(eq(payerReceipts.orderId, orderId)))
    .orderBy(desc(payerReceipts.createdAt))
    .limit(1);
  const bytes = latest ? await deps.files.read(latest.storageKey) : null;
  return checkedReceipt(bytes ?? undefined);
}

/** A `datetime-local` value and the browser's offset from UTC in minutes, as an ISO time with its offset. */
function paidAtOf(local: string, offsetMinutes: string): string {
  const offset = Number.parseInt(offsetMinutes, 10);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) || !Number.isInteger(offset) || Math.abs(offset) > 900) {
    return local;
  }
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local.length === 16 ? `${local}:00` : local}${sign}${hours}:${minutes}`;
}

/**
 * "I already paid" on a closed order (DESIGN §12, §20): the dispute "payment made but not credited" with the amount,
 * the time and the receipt, opened by the disputes module for the order's merchant with the payer named in the
 * timeline, and its `dispute.opened` webhook. Sent again while it is open, it is done already; refused (409) on an
 * order that is not closed unpaid, or was appealed before.
 */
export async function appeal(
  deps: PageDeps,
  context: PageContext,
  form: { fields: Record<string, string>; file: Buffer | undefined },
  language: Language,
): Promise<void> {
  const { order } = context;
  if (order.status === 'dispute') return;
  if (order.status !== 'canceled' || context.dispute) {
    throw new PageRefusal(409, 'dispute_not_allowed', 'error.conflict_appeal');
  }
  const receipt = await appealReceipt(deps, order.id, form.file);
  const input = apiDisputeCreateSchema.safeParse({
    reason: 'payment_not_credited',
    paid_amount: form.fields.paid_amount?.trim().replace(',', '.'),
    paid_at: paidAtOf(form.fields.paid_at ?? '', form.fields.tz_offset ?? ''),
    files: [
      {
        name: `receipt.${extensionOf[receipt.type]}`,
        data: `data:${receipt.type};base64,${receipt.bytes.toString('base64')}`,
      },
    ],
  });
  if (!input.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of input.error.issues) {
      const field = String(issue.path[0] ?? '_');
      fields[field] = [...(fields[field] ?? []), translate(language, issue.message)];
    }
    throw new PageRefusal(422, 'validation_failed', 'error.invalid', {}, fields);
  }
  try {
    await deps.openDispute(
      deps,
      { id: order.merchantId, type: 'merchant', payer: true },
      order.id,
      input.data,
      language,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'dispute_exists') return;
    if (error instanceof DomainError && error.code === 'dispute_not_allowed') {
      throw new PageRefusal(409, 'dispute_not_allowed', 'error.conflict_appeal');
    }
    throw error;
  }
}
