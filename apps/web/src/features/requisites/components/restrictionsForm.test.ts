import { describe, expect, it } from 'vitest';
import { currentRestrictions, restrictionTypes } from '../testData';
import { restrictionsBody, restrictionValuesOf } from './restrictionsForm';

describe('the restrictions form', () => {
  it('starts from the restrictions in force, every field of every type, null as empty', () => {
    expect(restrictionValuesOf(restrictionTypes, currentRestrictions)).toEqual({
      amount_range: { min_amount: '500', max_amount: '' },
      daily_limit: { max_volume: '', max_count: '' },
      monthly_limit: { max_volume: '', max_count: '' },
      concurrent_orders: { max_open: '3' },
    });
  });

  it('trims values, sends blanks as null, drops all-blank types and makes every one active (SPEC §5)', () => {
    const body = restrictionsBody(restrictionTypes, {
      amount_range: { min_amount: ' 100 ', max_amount: '  ' },
      daily_limit: { max_volume: '', max_count: '' },
      monthly_limit: { max_volume: '1000000', max_count: '' },
      concurrent_orders: { max_open: '   ' },
    });
    expect(body).toEqual({
      restrictions: [
        { type: 'amount_range', value: { min_amount: '100', max_amount: null }, is_active: true },
        { type: 'monthly_limit', value: { max_volume: '1000000', max_count: null }, is_active: true },
      ],
    });
  });

  it('sends an empty set when every section is empty, which removes them all', () => {
    expect(restrictionsBody(restrictionTypes, {})).toEqual({ restrictions: [] });
  });
});
