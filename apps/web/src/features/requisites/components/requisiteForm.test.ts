import { describe, expect, it } from 'vitest';
import { cardOption, cardRequisite, kaspi, ozon, sberbank, sbpOption, tbank } from '../testData';
import {
  attributeDefinitionsOf,
  attributesPayload,
  checkCreate,
  checkUpdate,
  createBody,
  emptyRequisiteValues,
  paymentTypesFor,
  requisiteValuesOf,
  updateBody,
} from './requisiteForm';

const types = [sberbank, tbank, ozon, kaspi];
const context = (attributes: Record<string, string>, language: 'en' | 'ru' = 'en') => ({
  definitions: cardOption.attributes,
  attributes,
  language,
  translate: (key: string) => `t:${key}`,
});

describe('the requisite form', () => {
  it('offers the payment types of the currency that take the option', () => {
    expect(paymentTypesFor(types, '', '')).toEqual([]);
    expect(paymentTypesFor(types, 'RUB', '').map((type) => type.slug)).toEqual(['sberbank', 'tbank', 'ozon']);
    expect(paymentTypesFor(types, 'RUB', 'card').map((type) => type.slug)).toEqual(['sberbank', 'tbank']);
    expect(paymentTypesFor(types, 'RUB', 'sbp').map((type) => type.slug)).toEqual(['sberbank', 'ozon']);
    expect(paymentTypesFor(types, 'KZT', 'sbp')).toEqual([]);
  });

  it("takes the option's attribute definitions, or the edited requisite's while the options load", () => {
    expect(attributeDefinitionsOf([cardOption, sbpOption], 'sbp')).toBe(sbpOption.attributes);
    expect(attributeDefinitionsOf([], 'card', cardRequisite)).toBe(cardRequisite.payment_option.attributes);
    expect(attributeDefinitionsOf([], 'sbp', cardRequisite)).toEqual([]);
  });

  it("sends only the chosen option's attributes, trimmed, without the empty ones", () => {
    expect(
      attributesPayload(sbpOption.attributes, { card_number: '4276123412341234', phone: ' 79123456789 ', holder: ' ' }),
    ).toEqual({ phone: '79123456789' });
  });

  it('checks the §5 fields and each attribute with the rules of the contract, in the language asked', () => {
    const body = createBody(emptyRequisiteValues(), cardOption.attributes, true);
    const result = checkCreate(body, true, context({ card_number: '1234' }, 'ru'));
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 't:requisites.errors.name',
        currency: 't:requisites.errors.currency',
        payment_option: 't:requisites.errors.payment_option',
        payment_type: 't:requisites.errors.payment_type',
        user_uuid: 't:requisites.errors.owner',
        'attributes.card_number': 'Поле «Card number» должно содержать ровно 16 цифр',
        'attributes.holder': 'Поле «Holder» обязательно',
      },
    });
  });

  it('gives the body once every check passes', () => {
    const values = {
      ...emptyRequisiteValues(),
      name: ' Main ',
      currency: 'RUB',
      payment_option: 'card',
      payment_type: 'sberbank',
      attributes: { card_number: '4276123412341234', holder: 'IVAN' },
    };
    const attributes = values.attributes;
    expect(checkCreate(createBody(values, cardOption.attributes, false), false, context(attributes))).toEqual({
      ok: true,
      body: {
        name: 'Main',
        currency: 'RUB',
        payment_option: 'card',
        payment_type: 'sberbank',
        attributes: { card_number: '4276123412341234', holder: 'IVAN' },
      },
    });
  });

  it('sends every field on edit, and refuses a blank name there too', () => {
    const values = requisiteValuesOf(cardRequisite);
    const attributes = values.attributes;
    expect(checkUpdate(updateBody(values, cardOption.attributes), context(attributes))).toEqual({
      ok: true,
      body: {
        name: 'Sber card',
        currency: 'RUB',
        payment_option: 'card',
        payment_type: 'sberbank',
        attributes: { card_number: '4276123412341234', holder: 'IVAN PETROV' },
        is_active: true,
      },
    });
    const blank = checkUpdate(updateBody({ ...values, name: '  ' }, cardOption.attributes), context(attributes));
    expect(blank).toEqual({ ok: false, errors: { name: 't:requisites.errors.name' } });
  });
});
