import type { AuditEvent } from '@paydesk/contract';

/** One changed field of an audit event, with its values as the record holds them. */
export interface AuditChange {
  /** `username`, `profile.fees`, … */
  field: string;
  before: unknown;
  after: unknown;
}

type Snapshot = Record<string, unknown>;

const isRecord = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The profile is one object in the record; its parts are shown as fields of their own. */
function flatten(snapshot: Snapshot | null): Snapshot {
  const flat: Snapshot = {};
  for (const [key, value] of Object.entries(snapshot ?? {})) {
    if (key === 'profile' && isRecord(value)) {
      for (const [part, partValue] of Object.entries(value)) flat[`profile.${part}`] = partValue;
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

/**
 * The fields an event changed. A creation has no "before": it lists what the new user was given, leaving out
 * empty values so the row stays short.
 */
export function auditChanges(event: AuditEvent): AuditChange[] {
  const before = flatten(event.before);
  const after = flatten(event.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (event.before === null) {
    return fields
      .filter((field) => !isEmpty(after[field]))
      .map((field) => ({ field, before: null, after: after[field] }));
  }
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
