import { type DisputeFileInput, type DisputeFileType, disputeFileMaxBytes } from '@paydesk/contract';
import { DomainError } from './errors';

/** What a file's first bytes say it is (DESIGN §12: by content, never by its name or the type it claims). */
const signatures: { type: DisputeFileType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffType(bytes: Uint8Array): DisputeFileType | null {
  const found = signatures.find(({ bytes: signature }) => signature.every((byte, index) => bytes[index] === byte));
  return found?.type ?? null;
}

/** The names a file of each type may carry: a PNG called receipt.pdf is refused like a script would be. */
const extensions: Record<DisputeFileType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

export interface Evidence {
  name: string;
  type: DisputeFileType;
  bytes: Buffer;
}

const fileError = (key: string) => new DomainError('validation_failed', { files: [key] });

/**
 * Reads a file the modal sent as a data URL: its content must be a PNG, a JPEG or a PDF, named for what it is, of
 * 1 byte to 5 MB. The data URL's own type claim is not trusted.
 */
export function readEvidence(file: DisputeFileInput): Evidence {
  const comma = file.data.indexOf(',');
  const bytes = Buffer.from(file.data.slice(comma + 1), 'base64');
  if (bytes.length === 0) throw fileError('disputes.errors.file_invalid');
  if (bytes.length > disputeFileMaxBytes) throw fileError('disputes.errors.file_too_large');
  const type = sniffType(bytes);
  if (!type) throw fileError('disputes.errors.file_type');
  const name = file.name.trim();
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  if (!extensions[type].includes(extension)) throw fileError('disputes.errors.file_type');
  return { name, type, bytes };
}
