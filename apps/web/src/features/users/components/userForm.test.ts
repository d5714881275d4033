import { type CreateUserInput, createUserSchema } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { firstIssueByField } from '../../../lib/formErrors';
import { merchant, trader } from '../testData';
import {
  createPayload,
  emptyFormValues,
  formValuesOf,
  isShownAtField,
  newAgentLink,
  newFeeRow,
  updatePayload,
} from './userForm';

/** The contract's messages on a create body, keyed like the server's, as the form shows them. */
const checkCreate = (payload: CreateUserInput) =>
  firstIssueByField(createUserSchema.safeParse(payload).error?.issues ?? [], undefined, true);

describe('create payload', () => {
  it('turns empty strings into null and leaves out an empty password', () => {
    const payload = createPayload('agent', { ...emptyFormValues(), username: ' agent7 ', email: '  ', comment: '' });
    expect(payload).toEqual({
      type: 'agent',
      username: 'agent7',
      email: null,
      comment: null,
      is_active: true,
      manual_withdrawal: false,
      create_invite_link: false,
    });
    expect(checkCreate(payload)).toEqual({ password: 'validation.password_or_invite' });
  });

  it('sends a merchant its fees and referrals, with an empty maximum as unlimited', () => {
    const values = {
      ...emptyFormValues(),
      username: 'shop',
      password: 'secret-1',
      fees: [{ ...newFeeRow(), percentage: '4.5' }],
      agents: [{ ...newAgentLink('01a201f1-0000-7000-8000-00000000a9e1', 'agent'), pay_out_percentage: '1' }],
    };
    expect(createPayload('merchant', values).profile).toEqual({
      fees: [{ direction: 'pay_in', min_amount: '0', max_amount: null, percentage: '4.5' }],
      referrals: [
        { user_uuid: '01a201f1-0000-7000-8000-00000000a9e1', pay_in_percentage: '0', pay_out_percentage: '1' },
      ],
    });
  });

  it('reports overlapping fee rows and too fine percentages under the row, keyed like the server', () => {
    const values = {
      ...emptyFormValues(),
      username: 'trader9',
      password: 'secret-1',
      fees: [
        { ...newFeeRow(), max_amount: '1000' },
        { ...newFeeRow(), min_amount: '1000', percentage: '1.005' },
      ],
    };
    const errors = checkCreate(createPayload('trader', values));
    expect(errors).toEqual({
      'profile.fees.1.percentage': 'validation.percentage_step',
    });
    const overlapping = checkCreate(
      createPayload('trader', {
        ...values,
        fees: [values.fees[0] ?? newFeeRow(), { ...newFeeRow(), min_amount: '500' }],
      }),
    );
    expect(overlapping).toEqual({ 'profile.fees.1.min_amount': 'validation.fee_overlap' });
    expect(isShownAtField('trader', 'profile.fees.1.min_amount', values)).toBe(true);
    expect(isShownAtField('agent', 'profile.fees.1.min_amount', values)).toBe(false);
  });
});

describe('update payload', () => {
  it('is empty when nothing changed, even when a decimal is spelled differently', () => {
    const initial = formValuesOf(trader);
    const values = {
      ...initial,
      insurance_payment_amount: '100.00',
      fees: initial.fees.map((fee) => ({ ...fee, percentage: `${fee.percentage}0` })),
    };
    expect(updatePayload('trader', initial, values)).toEqual({});
  });

  it('sends the whole referral list when one percentage changes', () => {
    const withReferral = {
      ...merchant,
      profile: {
        fees: merchant.profile?.fees ?? [],
        referrals: [
          {
            user: { uuid: '01a201f1-0000-7000-8000-00000000a9e1', username: 'agent' },
            user_uuid: '01a201f1-0000-7000-8000-00000000a9e1',
            pay_in_percentage: '0.5',
            pay_out_percentage: '0.25',
          },
        ],
      },
    };
    const initial = formValuesOf(withReferral);
    const values = { ...initial, agents: initial.agents.map((link) => ({ ...link, pay_in_percentage: '0.6' })) };
    expect(updatePayload('merchant', initial, values)).toEqual({
      profile: {
        referrals: [
          { user_uuid: '01a201f1-0000-7000-8000-00000000a9e1', pay_in_percentage: '0.6', pay_out_percentage: '0.25' },
        ],
      },
    });
  });

  it('never sends an empty password and sends a typed one', () => {
    const initial = formValuesOf(trader);
    expect(updatePayload('trader', initial, { ...initial, password: '   ' })).toEqual({});
    expect(updatePayload('trader', initial, { ...initial, password: 'new-secret' })).toEqual({
      password: 'new-secret',
    });
  });
});
