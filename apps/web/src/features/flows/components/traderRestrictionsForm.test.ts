import { describe, expect, it } from 'vitest';
import { restrictionTypes, shopFlow, traderRestrictions, traderUuid } from '../testData';
import { messagesOfType, traderRestrictionChanges, traderRestrictionValuesOf } from './traderRestrictionsForm';

const target = { flowId: shopFlow.uuid, traderId: traderUuid };

describe('trader restrictions form', () => {
  it('starts from the values in force, empty where there are none', () => {
    expect(traderRestrictionValuesOf(restrictionTypes, traderRestrictions)).toEqual({
      amount_range: { min_amount: '500', max_amount: '150000' },
      daily_volume: { max_volume: '' },
    });
    expect(traderRestrictionValuesOf(restrictionTypes, [])).toEqual({
      amount_range: { min_amount: '', max_amount: '' },
      daily_volume: { max_volume: '' },
    });
  });

  it('sends only the changed types, trimmed, a blank value as null', () => {
    const initial = traderRestrictionValuesOf(restrictionTypes, traderRestrictions);
    const values = {
      amount_range: { min_amount: ' ', max_amount: '150000 ' },
      daily_volume: { max_volume: '' },
    };
    expect(traderRestrictionChanges(target, restrictionTypes, initial, values)).toEqual([
      {
        flow_uuid: shopFlow.uuid,
        trader_uuid: traderUuid,
        type: 'amount_range',
        values: { min_amount: null, max_amount: '150000' },
      },
    ]);
    expect(traderRestrictionChanges(target, restrictionTypes, initial, initial)).toEqual([]);
  });

  it("puts the server's first message of a value under that type's field", () => {
    expect(messagesOfType('amount_range', { 'values.max_amount': ['Too low', 'Other'], type: ['x'] })).toEqual({
      'amount_range.max_amount': 'Too low',
    });
  });
});
