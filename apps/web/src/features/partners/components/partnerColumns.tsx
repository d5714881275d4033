import { Box, Button, Group, Text } from '@mantine/core';
import { type PartnerSystem, partnerPaymentMethods } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { OnlineDot } from '../../../ui/OnlineDot';

export const noValue = '—';

/** A shortened id the operator can copy whole; kept on one line when the table squeezes on a phone. */
export function Id({ id }: { id: string }) {
  return (
    <Box style={{ whiteSpace: 'nowrap' }}>
      <CopyableId id={id} />
    </Box>
  );
}

/** The active dot with its word beside it: the colour alone would say nothing to a screen reader or in print. */
export function ActiveMark({ active, t }: { active: boolean; t: TFunction }) {
  const label = active ? t('active') : t('inactive');
  return (
    <Group gap={6} wrap="nowrap">
      <OnlineDot online={active} label={label} />
      <Text size="sm" aria-hidden>
        {label}
      </Text>
    </Group>
  );
}

/**
 * The list of SPEC §2.20: name, balance (the partner's real balance; the old screen showed a placeholder), active and
 * payment method. Admins who manage partners also get an Edit button per row.
 */
export function partnerColumns(t: TFunction, onEdit: ((system: PartnerSystem) => void) | null) {
  const columns: DataTableColumn<PartnerSystem>[] = [
    {
      key: 'title',
      title: t('column.title'),
      render: (system) => (
        <Text size="sm" fw={500}>
          {system.partner.title}
        </Text>
      ),
    },
    {
      key: 'balance',
      title: t('column.balance'),
      render: (system) => <Amount amount={system.balance.amount} currency={system.balance.currency.code} />,
    },
    { key: 'active', title: t('column.active'), render: (system) => <ActiveMark active={system.is_active} t={t} /> },
    {
      key: 'payment_method',
      title: t('column.paymentMethod'),
      render: (system) => paymentMethodText(system.payment_method, t),
    },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      render: (system) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onEdit(system)}
          aria-label={t('editOf', { title: system.partner.title })}
        >
          {t('edit')}
        </Button>
      ),
    });
  }
  return columns;
}

/** A system's payment method in words: a known code by its title (`h2h` is never shown raw), another as written. */
export function paymentMethodText(method: string, t: TFunction): string {
  if (method === '') return noValue;
  return (partnerPaymentMethods as readonly string[]).includes(method) ? t(`paymentMethod.${method}`) : method;
}
