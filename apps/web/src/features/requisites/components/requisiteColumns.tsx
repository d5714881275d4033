import { Button, Group, Image, Stack, Text } from '@mantine/core';
import type { Requisite } from '@paydesk/contract';
import { IconAdjustmentsHorizontal, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatAttributeValue } from '../../../lib/format';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { OnlineDot } from '../../../ui/OnlineDot';
import { ActiveDot, ActiveStatusSelect } from './ActiveStatus';
import { HintIconButton } from './HintIconButton';

export interface RequisiteRowActions {
  onDetails: (requisite: Requisite) => void;
  onEdit: (requisite: Requisite) => void;
  onRestrictions: (requisite: Requisite, readOnly: boolean) => void;
}

export interface RequisiteColumnsOptions {
  /** The admin's list: every requisite, with its owner. */
  showOwner: boolean;
  /** Add, edit, change restrictions and, on the admin's list, the active dropdown (`requisites.write`). */
  mayWrite: boolean;
  /** The active/inactive dropdown of the admin's list (SPEC §2.14). */
  activeSelect: boolean;
}

/** The attributes in the order of the option's definitions (then any the option no longer defines), labelled. */
export function labelledAttributes(requisite: Requisite): { field: string; label: string; value: string }[] {
  const definitions = requisite.payment_option.attributes;
  const defined = definitions
    .filter((definition) => requisite.attributes[definition.field] !== undefined)
    .map((definition) => ({ field: definition.field, label: definition.label }));
  const others = Object.keys(requisite.attributes)
    .filter((field) => !definitions.some((definition) => definition.field === field))
    .map((field) => ({ field, label: field }));
  return [...defined, ...others].map(({ field, label }) => ({
    field,
    label,
    value: formatAttributeValue(field, requisite.attributes[field] ?? ''),
  }));
}

function ActivityCell(props: { requisite: Requisite; actions: RequisiteRowActions; options: RequisiteColumnsOptions }) {
  const { requisite, actions, options } = props;
  const { t } = useTranslation('requisites');
  return (
    <Group gap={4} wrap="nowrap">
      {options.activeSelect && options.mayWrite ? (
        <ActiveStatusSelect requisite={requisite} />
      ) : (
        <ActiveDot active={requisite.is_active} />
      )}
      {options.mayWrite && (
        <HintIconButton label={t('actions.editRestrictions')} onClick={() => actions.onRestrictions(requisite, false)}>
          <IconAdjustmentsHorizontal size={18} aria-hidden="true" />
        </HintIconButton>
      )}
      <HintIconButton label={t('actions.viewRestrictions')} onClick={() => actions.onRestrictions(requisite, true)}>
        <IconEye size={18} aria-hidden="true" />
      </HintIconButton>
    </Group>
  );
}

export function PaymentCell({ requisite }: { requisite: Requisite }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The bank's logo only decorates its name, which follows. */}
      <Image src={requisite.payment_type.image.url} alt="" w={24} h={24} fit="contain" />
      <Stack gap={0}>
        <Text size="sm">{requisite.payment_type.name}</Text>
        <Text size="xs" c="dimmed">
          {requisite.payment_option.name}
        </Text>
      </Stack>
    </Group>
  );
}

/** The payment details, one a line; `wrap` lets a long one break on a phone's card instead of running off it. */
export function AttributesCell({ requisite, wrap = false }: { requisite: Requisite; wrap?: boolean }) {
  return (
    <Stack gap={0}>
      {labelledAttributes(requisite).map(({ field, label, value }) => (
        <Text key={field} size="sm" style={wrap ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}>
          <Text span c="dimmed" inherit>
            {label}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}

type Translate = (key: string) => string;

/** The columns of SPEC §2.14; the admin's list adds the owner. */
export function requisiteColumns(
  t: Translate,
  actions: RequisiteRowActions,
  options: RequisiteColumnsOptions,
): DataTableColumn<Requisite>[] {
  const columns: DataTableColumn<Requisite>[] = [
    { key: 'id', title: t('column.id'), render: (requisite) => <CopyableId id={requisite.id} /> },
    {
      key: 'name',
      title: t('column.name'),
      render: (requisite) => (
        <Text size="sm" fw={500}>
          {requisite.name}
        </Text>
      ),
    },
  ];
  if (options.showOwner) {
    columns.push({
      key: 'owner',
      title: t('column.owner'),
      render: (requisite) => (
        <Group gap={6} wrap="nowrap">
          <OnlineDot online={requisite.user.is_online} />
          <Text size="sm">{requisite.user.username}</Text>
        </Group>
      ),
    });
  }
  columns.push(
    {
      key: 'is_active',
      title: t('column.active'),
      render: (requisite) => <ActivityCell requisite={requisite} actions={actions} options={options} />,
    },
    { key: 'payment', title: t('column.payment'), render: (requisite) => <PaymentCell requisite={requisite} /> },
    // The code, the name on hover: "Российский рубль" took a column as wide as a card number's.
    {
      key: 'currency',
      title: t('column.currency'),
      render: (requisite) => (
        <Text size="sm" title={requisite.currency.name}>
          {requisite.currency.code}
        </Text>
      ),
    },
    {
      key: 'attributes',
      title: t('column.attributes'),
      render: (requisite) => <AttributesCell requisite={requisite} />,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      pinned: true,
      // One button over the other: the pinned column stays narrow and never covers the card number or its holder.
      render: (requisite) => (
        <Stack gap={4} align="stretch">
          <Button size="compact-sm" variant="default" onClick={() => actions.onDetails(requisite)}>
            {t('actions.details')}
          </Button>
          {options.mayWrite && (
            <Button size="compact-sm" variant="light" onClick={() => actions.onEdit(requisite)}>
              {t('actions.edit')}
            </Button>
          )}
        </Stack>
      ),
    },
  );
  return columns;
}
