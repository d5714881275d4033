import type { ErrorCode } from '@paydesk/contract';

/**
 * A failure the caller can act on. Services throw these; one handler (plugins/errors.ts) turns them into the
 * wire envelope with the right status and a localized message. Services never speak HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Field errors as message keys, for validation failures. */
    readonly fields?: Record<string, string[]>,
    /** Values interpolated into the localized message. */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export const notFound = () => new DomainError('not_found');
export const forbidden = () => new DomainError('forbidden');
export const unauthenticated = () => new DomainError('unauthenticated');
export const validationFailed = (fields: Record<string, string[]>) => new DomainError('validation_failed', fields);
