import {
  type DisputeField,
  type DisputeFileType,
  type DisputeReason,
  type DisputeReasonValue,
  disputeFileMaxBytes,
  disputeFileTypes,
} from '@paydesk/contract';
import { readDataUrl } from '../../../lib/readDataUrl';

/** What the dispute modal holds while the admin fills it in (SPEC §2.12, §3). */
export interface DisputeFormValues {
  reason: DisputeReasonValue | null;
  paid_amount: string;
  /** As a `datetime-local` input holds it: `YYYY-MM-DDTHH:mm`, in the admin's own time zone. */
  paid_at: string;
  comment: string;
  /** The receipt; SPEC §5: only the first file chosen is read. */
  file: File | null;
}

export const emptyDisputeValues: DisputeFormValues = {
  reason: null,
  paid_amount: '',
  paid_at: '',
  comment: '',
  file: null,
};

/** The extensions each accepted type may carry; the server also checks the content (DESIGN §12). */
const extensions: Record<DisputeFileType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

/** The file chooser's filter (SPEC §2.12, §9): png, jpg and pdf, by type and by name. */
export const disputeFileAccept = [
  ...disputeFileTypes,
  ...Object.values(extensions).flatMap((names) => names.map((name) => `.${name}`)),
].join(',');

/**
 * Why a chosen file cannot go, as a contract message key, or null: the type by its name (its content is the server's
 * check) and the 5 MB limit, said at once rather than after reading and sending megabytes for nothing.
 */
export function fileProblem(file: File): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!Object.values(extensions).some((names) => names.includes(extension))) return 'disputes.errors.file_type';
  if (file.size > disputeFileMaxBytes) return 'disputes.errors.file_too_large';
  if (file.size === 0) return 'disputes.errors.file_invalid';
  return null;
}

/**
 * A `datetime-local` value (the admin's local time) as the ISO moment the server takes; an unreadable one is passed on
 * as it is, so the contract's check says what is wrong with it.
 */
export function localDateTimeToIso(value: string): string {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** The extra fields the chosen reason asks for (GET /dispute/reason), none until a reason is chosen. */
export function reasonFields(reasons: readonly DisputeReason[], reason: DisputeReasonValue | null): DisputeField[] {
  return reasons.find((entry) => entry.value === reason)?.fields ?? [];
}

/**
 * The body of `POST /dispute`: the order, the reason, only the fields that reason asks for, and the file read as a data
 * URL. A file that cannot be read is sent as an empty data URL, which the contract refuses in the admin's words.
 */
export async function disputeBody(orderId: string, values: DisputeFormValues, fields: readonly DisputeField[]) {
  const extra: Partial<Record<DisputeField, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== '') extra[field] = field === 'paid_at' ? localDateTimeToIso(value) : value;
  }
  const file = values.file;
  const data = file ? await readDataUrl(file).catch(() => '') : '';
  return {
    order_uuid: orderId,
    reason: values.reason ?? undefined,
    ...extra,
    files: file ? [{ name: file.name, data }] : [],
  };
}
