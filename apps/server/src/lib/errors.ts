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
    /**
     * Field messages already in the request's language: those of the rule language (SPEC §5), which name the field
     * and its limits ("Card number must have exactly 16 digits").
     */
    readonly localizedFields?: Record<string, string[]>,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export const notFound = () => new DomainError('not_found');
export const forbidden = () => new DomainError('forbidden');
export const unauthenticated = () => new DomainError('unauthenticated');
export const validationFailed = (fields: Record<string, string[]>) => new DomainError('validation_failed', fields);

/** A validation failure whose messages are already localized (by the rule language), by field. */
export const localizedValidationFailed = (fields: Record<string, string>) =>
  new DomainError(
    'validation_failed',
    undefined,
    undefined,
    Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]])),
  );
