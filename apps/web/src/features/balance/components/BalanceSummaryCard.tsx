import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { USDT } from '@paydesk/contract';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalanceSummary } from '../../../lib/money';
import { useFailureText } from '../../../lib/useFailureText';
import { Amount } from '../../../ui/Amount';

export interface BalanceSummaryCardProps {
  /** Shown for every balance role but agent (SPEC §2.6, DESIGN §6). */
  onPayIn?: () => void;
  /** Shown for every balance role but trader. */
  onPayOut?: () => void;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="md" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * SPEC §2.6: the virtual USDT balance (what is available) in large type, what is on hold and, for a trader, the
 * insurance deposit beside it, and the Pay in / Pay out buttons the role may use.
 */
export function BalanceSummaryCard({ onPayIn, onPayOut }: BalanceSummaryCardProps) {
  const { t } = useTranslation('balance');
  const failureText = useFailureText();
  const summary = useBalanceSummary();
  const titleId = useId();
  const data = summary.data;
  const currency = data?.currency.code ?? USDT.code;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600} id={titleId}>
              {t('summary.available')}
            </Text>
            {data ? (
              <Text fz={{ base: 28, sm: 34 }} fw={700} lh={1.15} c="bright">
                <Amount amount={data.available} currency={currency} />
              </Text>
            ) : summary.isError ? (
              <Text c="red" size="sm" role="alert">
                {failureText(summary.error, t('loadFailed'))}
              </Text>
            ) : (
              <Skeleton h={38} w={220} aria-label={t('loading')} />
            )}
          </Stack>
          {data && (
            <Group gap="xl" wrap="wrap">
              <Figure label={t('summary.hold')}>
                <Amount amount={data.hold} currency={currency} />
              </Figure>
              {data.insurance_required !== null && (
                <Figure label={t('summary.insurance')}>
                  <Amount amount={data.insurance} currency={currency} />
                </Figure>
              )}
            </Group>
          )}
        </Stack>
        {(onPayIn || onPayOut) && (
          <Group gap="sm" wrap="wrap">
            {onPayIn && (
              <Button leftSection={<IconArrowDownLeft size={18} aria-hidden />} onClick={onPayIn}>
                {t('payIn.button')}
              </Button>
            )}
            {onPayOut && (
              <Button variant="default" leftSection={<IconArrowUpRight size={18} aria-hidden />} onClick={onPayOut}>
                {t('payOut.button')}
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Card>
  );
}
