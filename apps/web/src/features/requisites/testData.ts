import type {
  Currency,
  ListData,
  PaymentOption,
  PaymentTypeInfo,
  Requisite,
  Restriction,
  RestrictionType,
  User,
} from '@paydesk/contract';

/** Fixtures of the requisites screens' tests: the reference data of DESIGN §8 and a few requisites. */

export const rub: Currency = { code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 };
export const kzt: Currency = { code: 'KZT', name: 'Kazakhstani tenge', ratio_fraction: 2 };

export const cardOption: PaymentOption = {
  slug: 'card',
  name: 'Bank card',
  attributes: [
    {
      field: 'card_number',
      label: 'Card number',
      validation_rules: ['required', 'string', 'digits:16'],
      mask: '0000 0000 0000 0000',
      is_holder: false,
    },
    {
      field: 'holder',
      label: 'Holder',
      validation_rules: ['required', 'string', 'max:100'],
      mask: null,
      is_holder: true,
    },
  ],
};

export const sbpOption: PaymentOption = {
  slug: 'sbp',
  name: 'SBP',
  attributes: [
    {
      field: 'phone',
      label: 'Phone',
      validation_rules: ['required', 'string', 'regex:\\d{10,15}'],
      mask: '10 to 15 digits',
      is_holder: false,
    },
    {
      field: 'holder',
      label: 'Holder',
      validation_rules: ['nullable', 'string', 'max:100'],
      mask: null,
      is_holder: true,
    },
  ],
};

/** The same options as the server would describe them to a Russian-speaking user. */
export const cardOptionRu: PaymentOption = {
  ...cardOption,
  name: 'Банковская карта',
  attributes: [
    { ...(cardOption.attributes[0] as PaymentOption['attributes'][number]), label: 'Номер карты' },
    { ...(cardOption.attributes[1] as PaymentOption['attributes'][number]), label: 'Держатель' },
  ],
};

const image = (slug: string) => ({ url: `/images/payment_types/${slug}.svg` });

export const sberbank: PaymentTypeInfo = {
  slug: 'sberbank',
  name: 'Sberbank',
  currency: 'RUB',
  payment_options: ['card', 'sbp'],
  image: image('sberbank'),
};
export const tbank: PaymentTypeInfo = {
  slug: 'tbank',
  name: 'T-Bank',
  currency: 'RUB',
  payment_options: ['card'],
  image: image('tbank'),
};
export const ozon: PaymentTypeInfo = {
  slug: 'ozon',
  name: 'Ozon Bank',
  currency: 'RUB',
  payment_options: ['sbp'],
  image: image('ozon'),
};
export const kaspi: PaymentTypeInfo = {
  slug: 'kaspi',
  name: 'Kaspi',
  currency: 'KZT',
  payment_options: ['card'],
  image: image('kaspi'),
};

const amountRules = ['nullable', 'string', 'regex:\\d{1,12}(\\.\\d{1,2})?'];
const countRules = ['nullable', 'string', 'regex:\\d{1,9}'];

/** The requisite restriction types as the server describes them (DESIGN §8). */
export const restrictionTypes: RestrictionType[] = [
  {
    type: { slug: 'amount_range', title: 'Amount per order' },
    fields: ['min_amount', 'max_amount'],
    names: { min_amount: 'Minimum amount', max_amount: 'Maximum amount' },
    validation_rules: { min_amount: amountRules, max_amount: amountRules },
  },
  {
    type: { slug: 'daily_limit', title: 'Daily limit' },
    fields: ['max_volume', 'max_count'],
    names: { max_volume: 'Volume per day', max_count: 'Orders per day' },
    validation_rules: { max_volume: amountRules, max_count: countRules },
  },
  {
    type: { slug: 'monthly_limit', title: 'Monthly limit' },
    fields: ['max_volume', 'max_count'],
    names: { max_volume: 'Volume per month', max_count: 'Orders per month' },
    validation_rules: { max_volume: amountRules, max_count: countRules },
  },
  {
    type: { slug: 'concurrent_orders', title: 'Orders at once' },
    fields: ['max_open'],
    names: { max_open: 'Open orders at most' },
    validation_rules: { max_open: countRules },
  },
];

export const traderUuid = '01a201f1-0000-7000-8000-0000000007a1';
export const partnerUuid = '01a201f1-0000-7000-8000-0000000009a1';

function makeRequisite(overrides: Partial<Requisite>): Requisite {
  return {
    id: '01a201f1-0000-7000-8000-00000000c001',
    name: 'Sber card',
    is_active: true,
    user: { uuid: traderUuid, username: 'trader', is_online: true, type: 'trader' },
    currency: { code: 'RUB', name: 'Russian ruble' },
    payment_type: { slug: 'sberbank', name: 'Sberbank', image: image('sberbank') },
    payment_option: cardOption,
    attributes: { card_number: '4276123412341234', holder: 'IVAN PETROV' },
    restrictions: [],
    created_at: '2026-03-05T07:08:09.000Z',
    updated_at: '2026-03-05T07:08:09.000Z',
    ...overrides,
  };
}

export const cardRequisite = makeRequisite({});
export const sbpRequisite = makeRequisite({
  id: '01a201f1-0000-7000-8000-00000000c002',
  name: 'Ozon SBP',
  is_active: false,
  user: { uuid: partnerUuid, username: 'partner', is_online: false, type: 'partner' },
  payment_type: { slug: 'ozon', name: 'Ozon Bank', image: image('ozon') },
  payment_option: sbpOption,
  attributes: { phone: '79123456789', holder: 'OOO ROMASHKA' },
});

export const currentRestrictions: Restriction[] = [
  { type: { slug: 'amount_range' }, value: { min_amount: '500', max_amount: null }, is_active: true },
  { type: { slug: 'concurrent_orders' }, value: { max_open: '3' }, is_active: true },
];

export function listOf<T>(items: T[], perPage = 20): ListData<T> {
  return {
    items,
    context: {
      available_filters: [
        { name: 'name', label: 'filters.name', type: 'text' },
        { name: 'is_active', label: 'filters.is_active', type: 'boolean' },
      ],
      pagination: { total_count: items.length, per_page: perPage, current_page: 1, page_number: 1 },
    },
  };
}

const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

export function makeOwner(overrides: Partial<User>): User {
  return {
    uuid: traderUuid,
    username: 'trader',
    email: null,
    type: 'trader',
    is_root: false,
    comment: null,
    is_active: true,
    is_blocked: false,
    block_comment: null,
    is_online: true,
    manual_withdrawal: false,
    two_factor: false,
    invite_code: null,
    invite: null,
    roles: [],
    permissions: [],
    wallets: [],
    balance: { hold: '0', virtual: '0', insurance: '0', currency: usdt },
    created_at: '2026-03-05T07:08:09.000Z',
    profile: null,
    ...overrides,
  };
}

export const traderOwner = makeOwner({});
export const partnerOwner = makeOwner({ uuid: partnerUuid, username: 'partner', type: 'partner' });
