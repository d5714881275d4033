import type { AttributeDefinition, Currency, Language, PaymentOption, PaymentTypeInfo } from '@paydesk/contract';
import type { Executor } from '../../db/client';
import * as repo from './reference.repository';
import type { Localized, StoredAttribute } from './reference.table';

/**
 * The reference data of DESIGN §8, as the screens and the validators read it. It changes only with a migration, so
 * each process reads it once and keeps it.
 */
export interface ReferenceData {
  currencies: Map<string, repo.CurrencyRow>;
  paymentOptions: Map<string, repo.PaymentOptionRow>;
  paymentTypes: Map<string, repo.PaymentTypeRow>;
}

export async function loadReferenceData(db: Executor): Promise<ReferenceData> {
  const [currencies, options, types] = await Promise.all([
    repo.allCurrencies(db),
    repo.allPaymentOptions(db),
    repo.allPaymentTypes(db),
  ]);
  return {
    currencies: new Map(currencies.map((row) => [row.code, row])),
    paymentOptions: new Map(options.map((row) => [row.slug, row])),
    paymentTypes: new Map(types.map((row) => [row.slug, row])),
  };
}

export const localized = (names: Localized, language: Language) => names[language];
const nameOf = (row: { nameEn: string; nameRu: string }, language: Language) =>
  language === 'ru' ? row.nameRu : row.nameEn;

export const currencyView = (row: repo.CurrencyRow, language: Language): Currency => ({
  code: row.code,
  name: nameOf(row, language),
  ratio_fraction: row.ratioFraction,
});

export const attributeView = (attribute: StoredAttribute, language: Language): AttributeDefinition => ({
  field: attribute.field,
  label: attribute.label[language],
  validation_rules: attribute.validation_rules,
  mask: attribute.mask ? attribute.mask[language] : null,
  is_holder: attribute.is_holder,
});

export const paymentOptionView = (row: repo.PaymentOptionRow, language: Language): PaymentOption => ({
  slug: row.slug,
  name: nameOf(row, language),
  attributes: row.attributes.map((attribute) => attributeView(attribute, language)),
});

export const paymentTypeImageUrl = (slug: string) => `/api/inner/payment_type/${encodeURIComponent(slug)}/image.svg`;

export const paymentTypeView = (row: repo.PaymentTypeRow, language: Language): PaymentTypeInfo => ({
  slug: row.slug,
  name: nameOf(row, language),
  currency: row.currency,
  payment_options: row.paymentOptions,
  image: { url: paymentTypeImageUrl(row.slug) },
});

export function fiatCurrencies(reference: ReferenceData, language: Language): Currency[] {
  return [...reference.currencies.values()]
    .filter((row) => row.kind === 'fiat' && row.isActive)
    .map((row) => currencyView(row, language));
}

export function cryptoCurrencyList(reference: ReferenceData, language: Language): Currency[] {
  return [...reference.currencies.values()]
    .filter((row) => row.kind === 'crypto' && row.isActive)
    .map((row) => currencyView(row, language));
}

/** An SVG logo of a payment type: its colour, and its initials in white or dark, whichever reads. */
export function paymentTypeLogo(row: repo.PaymentTypeRow): string {
  const initials = row.nameEn
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const [r = 0, g = 0, b = 0] = (row.color.match(/[0-9a-f]{2}/gi) ?? []).map((hex) => Number.parseInt(hex, 16));
  const ink = 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1a1b1e' : '#ffffff';
  const safe = (text: string) => text.replace(/[^A-Za-z0-9#]/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="${safe(row.nameEn)}">` +
    `<rect width="32" height="32" rx="8" fill="${safe(row.color)}"/>` +
    `<text x="16" y="21" font-family="Arial, sans-serif" font-size="${initials.length > 1 ? 12 : 15}" font-weight="700" ` +
    `text-anchor="middle" fill="${ink}">${safe(initials)}</text></svg>`
  );
}
