import { z } from 'zod';
import { fiatAmount } from './api-v1';
import { lazySchema } from './lazy';
import { dateFilter, enumList } from './wallet';
import { listQuerySchema } from './wire';

/** SPEC §2.12 APPEALS and the dispute modal, §3 Dispute and Dispute reason, §4 dispute statuses, §5; DESIGN §12. */

export const disputeStatuses = ['open', 'rejected', 'resolved'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** SPEC §4 dispute colours: open profit (green), rejected warning, resolved disabled (grey). */
export const disputeStatusTone: Record<DisputeStatus, 'success' | 'warning' | 'grey'> = {
  open: 'success',
  rejected: 'warning',
  resolved: 'grey',
};

/** The reasons of DESIGN §12 and the extra fields each asks for. */
export const disputeReasons = ['payment_not_credited', 'wrong_amount', 'duplicate_payment', 'other'] as const;
export type DisputeReasonValue = (typeof disputeReasons)[number];

export const disputeFields = ['paid_amount', 'paid_at', 'comment'] as const;
export type DisputeField = (typeof disputeFields)[number];

export const disputeReasonFields: Record<DisputeReasonValue, readonly DisputeField[]> = {
  payment_not_credited: ['paid_amount', 'paid_at'],
  wrong_amount: ['paid_amount'],
  duplicate_payment: [],
  other: ['comment'],
};

/** GET /dispute/reason: a reason, the fields it asks for and its names (en, ru). */
export const disputeReasonSchema = lazySchema(() =>
  z
    .object({
      value: z.enum(disputeReasons),
      fields: z.array(z.enum(disputeFields)),
      names: z.object({ en: z.string(), ru: z.string() }),
    })
    .meta({ id: 'DisputeReason' }),
);
export type DisputeReason = z.infer<typeof disputeReasonSchema>;

/** Evidence: png, jpg or pdf (by content, not by name), at most 5 MB (DESIGN §12). */
export const disputeFileMaxBytes = 5 * 1024 * 1024;
export const disputeFileTypes = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type DisputeFileType = (typeof disputeFileTypes)[number];
/** The longest data URL a file of the largest size makes: base64 of 5 MB and a short header. */
const dataUrlMaxLength = Math.ceil(disputeFileMaxBytes / 3) * 4 + 100;

/** A file as the modal reads it: its name and its content as a data URL (SPEC §3: only the first file is set). */
export const disputeFileInputSchema = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'disputes.errors.file_invalid' })
      .trim()
      .min(1, { error: 'disputes.errors.file_invalid' })
      .max(200, { error: 'validation.too_long' }),
    data: z
      .string({ error: 'disputes.errors.file_invalid' })
      .max(dataUrlMaxLength, { error: 'disputes.errors.file_too_large' })
      .regex(/^data:[\w.+/-]{0,100};base64,[A-Za-z0-9+/]*={0,2}$/, { error: 'disputes.errors.file_invalid' }),
  }),
);
export type DisputeFileInput = z.input<typeof disputeFileInputSchema>;

/** When the payer says it paid: a moment that can be, from 2000 to a day ahead (clocks differ, not by years). */
const paidAt = lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'validation.date' }).refine(
    (value) => {
      const time = Date.parse(value);
      return time >= Date.UTC(2000, 0, 1) && time <= Date.now() + 86_400_000;
    },
    { error: 'disputes.errors.paid_at_range' },
  ),
);

const disputeBody = lazySchema(() => ({
  reason: z.enum(disputeReasons, { error: 'disputes.errors.reason' }),
  paid_amount: fiatAmount.optional(),
  paid_at: paidAt.optional(),
  comment: z.string().trim().max(1000, { error: 'validation.too_long' }).optional(),
  files: z.array(disputeFileInputSchema).max(1, { error: 'disputes.errors.one_file' }).default([]),
}));

/** Each reason's fields are required; a comment is also kept when given with another reason. */
function requireReasonFields(
  value: { reason: DisputeReasonValue } & Partial<Record<DisputeField, string>>,
  context: z.RefinementCtx,
) {
  for (const field of disputeReasonFields[value.reason]) {
    if (!value[field]) context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  }
}

/** POST /dispute (an admin on the screens). */
export const disputeCreateSchema = lazySchema(() =>
  z.object({ order_uuid: z.uuid({ error: 'disputes.errors.order' }), ...disputeBody }).superRefine(requireReasonFields),
);
export type DisputeCreate = z.input<typeof disputeCreateSchema>;

/** POST /api/v1/orders/{guid}/dispute (a merchant, signed). */
export const apiDisputeCreateSchema = lazySchema(() => z.object(disputeBody).superRefine(requireReasonFields));
export type ApiDisputeCreate = z.input<typeof apiDisputeCreateSchema>;

/**
 * PUT /dispute/{uuid}/status: only an open dispute moves, to rejected or resolved. Resolved may carry the fiat amount
 * the payer really paid, settled by compensating transfers (DESIGN §12).
 */
export const disputeStatusUpdateSchema = lazySchema(() =>
  z.object({
    status: z.enum(['rejected', 'resolved'], { error: 'disputes.errors.status' }),
    fiat_amount: fiatAmount.optional(),
  }),
);
export type DisputeStatusUpdate = z.input<typeof disputeStatusUpdateSchema>;

const person = lazySchema(() => z.object({ uuid: z.string(), username: z.string() }));
const money = lazySchema(() => z.object({ amount: z.string(), currency: z.object({ code: z.string() }) }));

/** The Dispute of SPEC §3. */
export const disputeSchema = lazySchema(() =>
  z
    .object({
      uuid: z.string(),
      order_uuid: z.string(),
      order_type: z.enum(['pay_in', 'pay_out']),
      fiat_amount: money,
      merchant: person,
      /** A trader's username or a partner's title, as the order lists show the executor. */
      executor: person.nullable(),
      reason: z.object({ value: z.enum(disputeReasons), title: z.string() }),
      fields: z.object({
        paid_amount: z.string().nullable(),
        paid_at: z.string().nullable(),
        comment: z.string().nullable(),
      }),
      status: z.object({ slug: z.enum(disputeStatuses), title: z.string() }),
      /** The order's status before the dispute opened, which a rejection restores. */
      order_status_before: z.string(),
      /** The fiat amount a resolution settled, when it corrected the order's. */
      resolved_fiat_amount: money.nullable(),
      files: z.array(z.object({ url: z.string(), name: z.string(), content_type: z.enum(disputeFileTypes) })),
      created_at: z.string(),
      closed_at: z.string().nullable(),
    })
    .meta({ id: 'Dispute' }),
);
export type Dispute = z.infer<typeof disputeSchema>;

/** GET [/{role}]/dispute/ (count defaults to 20; the APPEALS tab loads status 'open'). */
export const disputeListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[status]': enumList(disputeStatuses),
    'filter[order_uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);
export type DisputeListQuery = z.output<typeof disputeListQuerySchema>;
