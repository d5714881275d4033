import type { AvailableFilter, Language, Requisite } from '@paydesk/contract';
import { type CsvColumn, yesNo } from '../../http/csv';
import { translate } from '../../i18n/messages';
import { attributeView, currencyView, paymentTypeImageUrl, type ReferenceData } from '../reference/reference.module';
import { isOnline } from '../users/users.module';
import type { RequisiteWithOwner, RestrictionRow } from './requisites.repository';
import { requisiteRestrictionTypes } from './restriction-types';

/** The Requisite entity of SPEC §3, with its owner and the restrictions in force. */
export function requisiteView(
  { requisite, owner }: RequisiteWithOwner,
  restrictions: RestrictionRow[],
  reference: ReferenceData,
  language: Language,
): Requisite {
  const currency = reference.currencies.get(requisite.currency);
  const option = reference.paymentOptions.get(requisite.paymentOption);
  const type = reference.paymentTypes.get(requisite.paymentType);
  const nameOf = (row: { nameEn: string; nameRu: string } | undefined, fallback: string) =>
    row ? (language === 'ru' ? row.nameRu : row.nameEn) : fallback;
  return {
    id: requisite.id,
    name: requisite.name,
    is_active: requisite.isActive,
    user: { uuid: owner.id, username: owner.username, is_online: isOnline(owner), type: owner.type },
    currency: currency
      ? { code: currency.code, name: currencyView(currency, language).name }
      : { code: requisite.currency, name: requisite.currency },
    payment_type: {
      slug: requisite.paymentType,
      name: nameOf(type, requisite.paymentType),
      image: { url: paymentTypeImageUrl(requisite.paymentType) },
    },
    payment_option: {
      slug: requisite.paymentOption,
      name: nameOf(option, requisite.paymentOption),
      attributes: (option?.attributes ?? []).map((attribute) => attributeView(attribute, language)),
    },
    attributes: requisite.attributes,
    restrictions: restrictions
      .filter((row) => row.isActive)
      .map((row) => {
        const definition = requisiteRestrictionTypes.find((candidate) => candidate.slug === row.type);
        return {
          type: { slug: row.type, title: definition ? definition.title[language] : row.type },
          value: row.value,
        };
      }),
    created_at: requisite.createdAt.toISOString(),
    updated_at: requisite.updatedAt.toISOString(),
  };
}

/** The filters of the requisites screens (SPEC §2.14); an admin also filters by owner. */
export function requisiteFilters(reference: ReferenceData, language: Language, admin: boolean): AvailableFilter[] {
  const options = <T extends { nameEn: string; nameRu: string }>(rows: Iterable<[string, T]>) =>
    [...rows].map(([value, row]) => ({ value, label: language === 'ru' ? row.nameRu : row.nameEn }));
  return [
    { name: 'name', label: 'filters.name', type: 'text' },
    {
      name: 'currency',
      label: 'filters.currency',
      type: 'select',
      options: options([...reference.currencies].filter(([, row]) => row.kind === 'fiat')),
    },
    {
      name: 'payment_option',
      label: 'filters.payment_option',
      type: 'select',
      options: options(reference.paymentOptions),
    },
    { name: 'payment_type', label: 'filters.payment_type', type: 'select', options: options(reference.paymentTypes) },
    {
      name: 'is_active',
      label: 'filters.is_active',
      type: 'select',
      options: [
        { value: 'true', label: translate(language, 'requisite.active') },
        { value: 'false', label: translate(language, 'requisite.inactive') },
      ],
    },
    ...(admin ? [{ name: 'username', label: 'filters.username', type: 'text' as const }] : []),
  ];
}

/** The columns of the requisites export (DESIGN §13): those of the admin's requisites list. */
export const requisiteCsvColumns: CsvColumn<Requisite>[] = [
  { header: 'csv.column.id', exact: true, cell: (requisite) => requisite.id },
  { header: 'csv.column.name', cell: (requisite) => requisite.name },
  { header: 'csv.column.owner', cell: (requisite) => requisite.user.username },
  { header: 'csv.column.is_active', cell: (requisite, language) => yesNo(requisite.is_active, language) },
  { header: 'csv.column.payment_option', cell: (requisite) => requisite.payment_option.name },
  { header: 'csv.column.payment_type', cell: (requisite) => requisite.payment_type.name },
  { header: 'csv.column.currency', exact: true, cell: (requisite) => requisite.currency.code },
  {
    header: 'csv.column.attributes',
    cell: (requisite) =>
      Object.entries(requisite.attributes)
        .map(([field, value]) => `${field}: ${value}`)
        .join('; '),
  },
  {
    header: 'csv.column.restrictions',
    cell: (requisite) => requisite.restrictions.map((row) => `${row.type.title}: ${row.value}`).join('; '),
  },
  { header: 'csv.column.created_at', exact: true, cell: (requisite) => requisite.created_at },
];
