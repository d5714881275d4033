import { Button, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { type CurrentUser, parseAmount, USDT } from '@paydesk/contract';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useBalanceSummary, usePlatformInfo } from '../../../lib/money';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableText } from '../../../ui/CopyableText';
import { DemoDepositPanel } from '../../../ui/DemoDepositPanel';

function noop() {}

interface InsuranceGateModalProps {
  user: CurrentUser;
  /** Signing out is the only way past the gate besides paying; the shell provides it. */
  onSignOut?: () => void;
}

/** Whole percent of `paid` in `required`, 0 to 100, in bigint arithmetic on minor units (no float touches money). */
function paidPercent(paid: string, required: string, fraction: number): number {
  try {
    const paidMinor = parseAmount(paid, fraction);
    const requiredMinor = parseAmount(required, fraction);
    if (requiredMinor <= 0n) return 100;
    const percent = (paidMinor * 100n) / requiredMinor;
    return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
  } catch {
    return 0;
  }
}

/** "Paid X of Y USDT" from the user's balances; nothing until they load, since the gate is readable without it. */
function InsuranceProgress({ required }: { required: string | null }) {
  const { t } = useTranslation('settings');
  const summary = useBalanceSummary().data;
  const due = summary?.insurance_required ?? required;
  if (!summary || due === null) return null;
  const percent = paidPercent(summary.insurance, due, summary.currency.ratio_fraction);
  const label = t('insurance.progress', {
    paid: formatAmountDisplay(summary.insurance),
    required: formatAmountDisplay(due),
    currency: summary.currency.code,
  });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Progress value={percent} color="teal" size="md" aria-label={label} />
    </Stack>
  );
}

/**
 * SPEC §2.11 / §4 trader insurance gate: a modal that cannot be closed, stating the contribution due, how much of it
 * has arrived, and the trader's real deposit addresses with a copy action (copied mark 5 s, §9). It goes away by
 * itself once the current user comes back with the insurance paid (the real-time deposit event re-reads it).
 */
export function InsuranceGateModal({ user, onSignOut }: InsuranceGateModalProps) {
  const { t } = useTranslation('settings');
  const demo = usePlatformInfo().data?.demo ?? false;
  const due = user.profile.insurance_payment_amount;
  const currency = due?.currency.code ?? USDT.code;
  const addresses = user.wallets.filter((wallet) => wallet.type.slug === 'real').map((wallet) => wallet.name);

  return (
    <Modal
      opened
      onClose={noop}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={t('insurance.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text>
          {due
            ? t('insurance.text', { amount: formatAmountDisplay(due.amount), currency: due.currency.code })
            : t('insurance.amountNotSet')}
        </Text>
        <InsuranceProgress required={due?.amount ?? null} />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('insurance.addresses', { currency })}
          </Text>
          {addresses.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('insurance.addressPreparing')}
            </Text>
          ) : (
            addresses.map((address) => (
              <Paper key={address} withBorder p="xs" radius="sm">
                <CopyableText value={address} timeoutMs={copiedTimeoutMs.walletAddress} />
              </Paper>
            ))
          )}
        </Stack>
        {demo && addresses.length > 0 && <DemoDepositPanel text={t('insurance.demoText')} />}
        {onSignOut && (
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
              {t('insurance.signOut')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
