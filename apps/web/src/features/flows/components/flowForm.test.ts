import { flowCreateSchema } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { makeFlow } from '../testData';
import { createInput, editChanges, emptyFlowForm } from './flowForm';

describe('createInput', () => {
  it('starts from the draft of SPEC §9: RUB to USDT, inactive, manual rate', () => {
    expect(emptyFlowForm).toMatchObject({
      fiat_currency: 'RUB',
      crypto_currency: 'USDT',
      is_active: false,
      currency_rate_source: 'manual',
    });
  });

  it('sends the rate only with the manual source (SPEC §5)', () => {
    const values = { ...emptyFlowForm, name: 'Shop', currency_rate: '92.5' };
    expect(createInput(values)).toHaveProperty('currency_rate', '92.5');
    expect(createInput({ ...values, currency_rate_source: 'feed' })).not.toHaveProperty('currency_rate');
  });

  it('leaves the checks to the contract: a manual flow needs a rate above zero', () => {
    const merchant = '01a201f1-0000-7000-8000-0000000a0001';
    const base = { ...emptyFlowForm, name: 'Shop', merchant_uuid: merchant };
    const refused = flowCreateSchema.safeParse(createInput({ ...base, currency_rate: '0' }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['currency_rate']);
    expect(flowCreateSchema.safeParse(createInput({ ...base, currency_rate: '92.5' })).success).toBe(true);
    expect(flowCreateSchema.safeParse(createInput({ ...base, currency_rate_source: 'feed' })).success).toBe(true);
  });
});

describe('editChanges', () => {
  const flow = makeFlow({ name: 'Shop RUB', is_active: true });

  it('is null when nothing changed, blanks around the name included', () => {
    expect(editChanges(flow, { name: ' Shop RUB ', is_active: true })).toBeNull();
  });

  it('holds only the changed fields', () => {
    expect(editChanges(flow, { name: 'Shop', is_active: true })).toEqual({ name: 'Shop' });
    expect(editChanges(flow, { name: 'Shop RUB', is_active: false })).toEqual({ is_active: false });
  });
});
