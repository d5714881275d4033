import { ActionIcon, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FeeDirection, feeDirections } from '@paydesk/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../ui/DecimalInput';
import { SingleSelect } from '../../../ui/SingleSelect';
import { type FeeDraft, newFeeRow } from './userForm';

export interface FeeRowsEditorProps {
  fees: FeeDraft[];
  onChange: (fees: FeeDraft[]) => void;
  /** Error texts keyed like the server's (`profile.fees.1.min_amount`). */
  errors: Record<string, ReactNode>;
}

/** SPEC §3 Fee, §5: fee tiers per direction; an empty maximum is unlimited (∞); percentages step 0.01. */
export function FeeRowsEditor({ fees, onChange, errors }: FeeRowsEditorProps) {
  const { t } = useTranslation('users');
  const update = (index: number, patch: Partial<FeeDraft>) =>
    onChange(fees.map((fee, at) => (at === index ? { ...fee, ...patch } : fee)));
  const error = (index: number, field: string) => errors[`profile.fees.${index}.${field}`];
  const directionOptions = feeDirections.map((value) => ({ value, label: t(`direction.${value}`) }));

  return (
    <Stack gap="xs" component="section" aria-labelledby="fees-title">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id="fees-title">
          {t('form.fees')}
        </Title>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...fees, newFeeRow()])}
        >
          {t('form.addFee')}
        </Button>
      </Group>
      {fees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.noFees')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" visibleFrom="sm" aria-hidden>
            <SimpleGrid cols={4} spacing="xs" style={{ flex: 1 }}>
              {[t('fee.direction'), t('fee.min'), t('fee.max'), t('fee.percentage')].map((title) => (
                <Text key={title} size="sm" fw={600}>
                  {title}
                </Text>
              ))}
            </SimpleGrid>
            <Box w={28} />
          </Group>
          {fees.map((fee, index) => {
            const row = index + 1;
            // Below `sm` each row is a bordered block with its own labels; above, the header row names the columns.
            const label = (key: string) => ({ label: t(key), labelProps: { hiddenFrom: 'sm' } });
            return (
              <Group
                key={fee.rowId}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                p={{ base: 'xs', sm: 0 }}
                bd={{ base: '1px solid var(--mantine-color-default-border)', sm: 'none' }}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs" style={{ flex: 1 }}>
                  <SingleSelect
                    {...label('fee.direction')}
                    aria-label={t('fee.directionOfRow', { row })}
                    data={directionOptions}
                    value={fee.direction}
                    onChange={(value) => value && update(index, { direction: value as FeeDirection })}
                    allowDeselect={false}
                    error={error(index, 'direction')}
                  />
                  <DecimalInput
                    {...label('fee.min')}
                    aria-label={t('fee.minOfRow', { row })}
                    value={fee.min_amount}
                    onChange={(value) => update(index, { min_amount: value })}
                    decimalScale={6}
                    hideControls
                    error={error(index, 'min_amount')}
                  />
                  <DecimalInput
                    {...label('fee.max')}
                    aria-label={t('fee.maxOfRow', { row })}
                    placeholder="∞"
                    value={fee.max_amount}
                    onChange={(value) => update(index, { max_amount: value })}
                    decimalScale={6}
                    hideControls
                    error={error(index, 'max_amount')}
                  />
                  <DecimalInput
                    {...label('fee.percentage')}
                    aria-label={t('fee.percentageOfRow', { row })}
                    value={fee.percentage}
                    onChange={(value) => update(index, { percentage: value })}
                    step={0.01}
                    decimalScale={2}
                    error={error(index, 'percentage')}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('fee.remove', { row })}
                  title={t('fee.remove', { row })}
                  onClick={() => onChange(fees.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      {errors['profile.fees'] && (
        <Text size="sm" c="red">
          {errors['profile.fees']}
        </Text>
      )}
    </Stack>
  );
}
