import { disputeFileMaxBytes } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { disputeBody, disputeFileAccept, emptyDisputeValues, fileProblem, localDateTimeToIso } from './disputeForm';

const fileOf = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the dispute form', () => {
  it('accepts png, jpg and pdf by type and by name', () => {
    expect(disputeFileAccept).toBe('image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf');
    expect(fileProblem(fileOf('Receipt.PNG', 10))).toBeNull();
    expect(fileProblem(fileOf('scan.jpeg', 10))).toBeNull();
    expect(fileProblem(fileOf('statement.pdf', disputeFileMaxBytes))).toBeNull();
    expect(fileProblem(fileOf('script.js', 10))).toBe('disputes.errors.file_type');
    expect(fileProblem(fileOf('noextension', 10))).toBe('disputes.errors.file_type');
    expect(fileProblem(fileOf('big.pdf', disputeFileMaxBytes + 1))).toBe('disputes.errors.file_too_large');
    expect(fileProblem(fileOf('empty.png', 0))).toBe('disputes.errors.file_invalid');
  });

  it('sends the local moment as an ISO one, and an unreadable one as typed', () => {
    expect(localDateTimeToIso('2026-03-05T10:30')).toBe(new Date(2026, 2, 5, 10, 30).toISOString());
    expect(localDateTimeToIso('soon')).toBe('soon');
  });

  it("sends only the chosen reason's fields, trimmed, and no file when none was chosen", async () => {
    const values = { ...emptyDisputeValues, reason: 'other' as const, paid_amount: '10', comment: '  late  ' };
    expect(await disputeBody('order-1', values, ['comment'])).toEqual({
      order_uuid: 'order-1',
      reason: 'other',
      comment: 'late',
      files: [],
    });
    expect(await disputeBody('order-1', emptyDisputeValues, [])).toEqual({
      order_uuid: 'order-1',
      reason: undefined,
      files: [],
    });
  });
});
