import { Button, Group, Stack, Text } from '@mantine/core';
import type { Requisite } from '@paydesk/contract';
import { IconAdjustmentsHorizontal, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '../../../ui/CopyableId';
import { OnlineDot } from '../../../ui/OnlineDot';
import { ActiveDot, ActiveSwitch } from './ActiveStatus';
import {
  AttributesCell,
  PaymentCell,
  type RequisiteColumnsOptions,
  type RequisiteRowActions,
} from './requisiteColumns';

export interface RequisiteCardProps {
  requisite: Requisite;
  actions: RequisiteRowActions;
  options: RequisiteColumnsOptions;
}

/**
 * One requisite on a phone (issue 32): its name with the on/off switch beside it at the top, within a thumb's reach,
 * then the bank, the currency and the payment details, and the row's actions as buttons with words.
 */
export function RequisiteCard({ requisite, actions, options }: RequisiteCardProps) {
  const { t } = useTranslation('requisites');
  const Icon = options.mayWrite ? IconAdjustmentsHorizontal : IconEye;
  const restrictionsIcon = <Icon size={16} aria-hidden />;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {requisite.name}
        </Text>
        {options.mayWrite ? <ActiveSwitch requisite={requisite} /> : <ActiveDot active={requisite.is_active} />}
      </Group>
      {options.showOwner && (
        <Group gap={6} wrap="nowrap">
          <OnlineDot online={requisite.user.is_online} />
          <Text size="sm">{requisite.user.username}</Text>
        </Group>
      )}
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <PaymentCell requisite={requisite} />
        <Text size="sm">{requisite.currency.name}</Text>
      </Group>
      <AttributesCell requisite={requisite} wrap />
      <CopyableId id={requisite.id} />
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => actions.onDetails(requisite)}>
          {t('actions.details')}
        </Button>
        {options.mayWrite && (
          <Button size="xs" variant="light" onClick={() => actions.onEdit(requisite)}>
            {t('actions.edit')}
          </Button>
        )}
        {/* A trader edits its restrictions; a reader only views them. */}
        <Button
          size="xs"
          variant="subtle"
          leftSection={restrictionsIcon}
          onClick={() => actions.onRestrictions(requisite, !options.mayWrite)}
        >
          {t('actions.restrictions')}
        </Button>
      </Group>
    </Stack>
  );
}
