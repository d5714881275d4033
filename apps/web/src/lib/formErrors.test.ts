import { describe, expect, it } from 'vitest';
import { firstIssueByField, formFailureOf } from './formErrors';
import { ApiError } from './http';

describe('firstIssueByField', () => {
  it('keeps the first message of each top-level field', () => {
    expect(
      firstIssueByField([
        { path: ['amount'], message: 'validation.amount_required' },
        { path: ['amount'], message: 'validation.too_large' },
        { path: ['to_address', 0], message: 'validation.address_invalid' },
      ]),
    ).toEqual({ amount: 'validation.amount_required', to_address: 'validation.address_invalid' });
  });

  it('keeps the first message of each whole path when asked', () => {
    expect(
      firstIssueByField(
        [
          { path: ['profile', 'fees', 1, 'min_amount'], message: 'validation.fee_overlap' },
          { path: ['profile', 'fees', 1, 'min_amount'], message: 'validation.not_negative' },
          { path: ['username'], message: 'validation.username' },
        ],
        undefined,
        true,
      ),
    ).toEqual({ 'profile.fees.1.min_amount': 'validation.fee_overlap', username: 'validation.username' });
  });

  it('translates the message keys', () => {
    expect(
      firstIssueByField([{ path: ['comment'], message: 'validation.reject_comment' }], (key) => `[${key}]`),
    ).toEqual({ comment: '[validation.reject_comment]' });
  });
});

describe('formFailureOf', () => {
  const failure = (fieldErrors: Record<string, string[]>, localizedMessage: string | null = 'Some fields are wrong.') =>
    new ApiError({ status: 422, code: 'validation_failed', localizedMessage, fieldErrors });

  it('puts field messages under the fields and leaves out the general message', () => {
    expect(formFailureOf(failure({ amount: ['Not enough money.'] }), ['amount'], 'Failed.')).toEqual({
      fields: { amount: 'Not enough money.' },
      general: null,
    });
  });

  it('shows a message of a field the form does not have instead of the general one', () => {
    expect(formFailureOf(failure({ uuid: ['Gone.'] }), ['amount'], 'Failed.')).toEqual({
      fields: {},
      general: 'Gone.',
    });
  });

  it('falls back to the localized message, then to the fallback', () => {
    expect(formFailureOf(failure({}), ['amount'], 'Failed.').general).toBe('Some fields are wrong.');
    expect(formFailureOf(failure({}, null), ['amount'], 'Failed.').general).toBe('Failed.');
    expect(formFailureOf(new Error('boom'), ['amount'], 'Failed.').general).toBe('Failed.');
  });

  it("says the general message beside the field messages when asked, and takes every field with 'any'", () => {
    expect(formFailureOf(failure({ amount: ['Low.'] }), ['amount'], 'Failed.', true)).toEqual({
      fields: { amount: 'Low.' },
      general: 'Some fields are wrong.',
    });
    expect(formFailureOf(failure({ 'fees.1.min': ['Low.'] }), 'any', 'Failed.', true)).toEqual({
      fields: { 'fees.1.min': 'Low.' },
      general: 'Some fields are wrong.',
    });
  });
});
