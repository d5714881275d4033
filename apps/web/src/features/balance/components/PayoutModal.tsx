import { Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CurrentUser,
  formatAmount,
  type Payment,
  payoutRequestSchema,
  USDT,
  withdrawalMinUsdt,
} from '@paydesk/contract';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useBalanceSummary, usePlatformInfo } from '../../../lib/money';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { useContractForm } from '../../../lib/useContractForm';
import { Amount } from '../../../ui/Amount';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRequestPayout } from '../api/requestPayout';
import { amountMinorOf, clampAmountInput } from './payoutAmount';

export interface PayoutModalProps {
  opened: boolean;
  user: CurrentUser;
  onClose: () => void;
}

/** SPEC §2.6 / §5 payout modal: address, currency (USDT only) and an amount within the available balance. */
export function PayoutModal({ opened, user, onClose }: PayoutModalProps) {
  const { t } = useTranslation('balance');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('payOut.title')} size="md">
      {opened && <PayoutForm manualWithdrawal={user.manualWithdrawal} onClose={onClose} />}
    </AppModal>
  );
}

function PayoutForm({ manualWithdrawal, onClose }: { manualWithdrawal: boolean; onClose: () => void }) {
  const { t } = useTranslation('balance');
  const payout = useRequestPayout();
  const summary = useBalanceSummary().data;
  const currencies = useCurrencies('crypto');
  const { form, failure, submit, selectProps } = useContractForm(
    payoutRequestSchema,
    { address: '', currency: USDT.code, amount: '' },
    {
      translate: (key) => t(key, { defaultValue: t('validation.invalid') }),
      fallback: t('payOut.failed'),
      clearErrorOnChange: true,
    },
  );
  const { address, currency, amount } = form.getValues();

  const fraction = summary?.currency.ratio_fraction ?? USDT.ratio_fraction;
  const amountMinor = amountMinorOf(amount, fraction);
  // SPEC §5: without an address, a currency and an amount above 0 there is nothing to send.
  const ready = address.trim() !== '' && currency !== '' && amountMinor !== null && amountMinor > 0n;
  // Only USDT is offered (SPEC §5), whatever else the platform may list one day.
  const options = (currencies.data ?? [USDT])
    .filter((item) => item.code === USDT.code)
    .map((item) => ({ value: item.code, label: item.code }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || payout.isPending) return;
    // The contract's own rules first (minimum, decimals, address length): no call for what it would refuse.
    const payment = await submit((data) => payout.mutateAsync(data));
    if (!payment) return;
    announce(payment);
    onClose();
  }

  function announce(payment: Payment) {
    const waits = payment.status.slug === 'moderation';
    notifications.show({
      color: 'teal',
      title: t('payOut.requested'),
      message: t(waits ? 'payOut.requestedModeration' : 'payOut.requestedSending', {
        amount: formatAmountDisplay(payment.money.amount),
        currency: payment.money.currency.code,
      }),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('payOut.address')}
          placeholder={t('payOut.addressPlaceholder')}
          required
          {...form.getInputProps('address')}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
        />
        <Select
          label={t('payOut.currency')}
          required
          data={options}
          {...selectProps('currency')}
          allowDeselect={false}
        />
        <AmountField
          value={amount}
          available={summary?.available ?? null}
          fraction={fraction}
          error={form.errors.amount}
          onChange={(value) => form.setFieldValue('amount', value)}
        />
        <PayoutRules manualWithdrawal={manualWithdrawal} />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t('payOut.submit')}
          busy={payout.isPending}
          submitDisabled={!ready}
        />
      </Stack>
    </form>
  );
}

interface AmountFieldProps {
  value: string;
  /** The available balance, null until it loads. */
  available: string | null;
  fraction: number;
  error: ReactNode;
  onChange: (value: string) => void;
}

/** The amount, clamped between 0 and the available balance as it is typed (SPEC §5), with a Max shortcut. */
function AmountField({ value, available, fraction, error, onChange }: AmountFieldProps) {
  const { t } = useTranslation('balance');
  const availableMinor = available === null ? 0n : (amountMinorOf(available, fraction) ?? 0n);
  const change = (text: string) => onChange(clampAmountInput(text, availableMinor, fraction));
  return (
    <TextInput
      label={t('payOut.amount')}
      required
      inputMode="decimal"
      autoComplete="off"
      // Without the balance there is nothing to clamp to.
      disabled={available === null}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
      error={error}
      rightSectionWidth={64}
      rightSection={
        <UnstyledButton
          fz="xs"
          fw={700}
          c="indigo"
          px={8}
          disabled={available === null}
          onClick={() => change(formatAmount(availableMinor, fraction))}
          aria-label={t('payOut.max')}
        >
          {t('payOut.maxShort')}
        </UnstyledButton>
      }
      description={
        <>
          {t('payOut.available')} <Amount amount={available ?? '0'} currency={USDT.code} />
        </>
      }
    />
  );
}

/** The minimum, and who waits for an administrator: everyone with manual withdrawal, others above the auto limit. */
function PayoutRules({ manualWithdrawal }: { manualWithdrawal: boolean }) {
  const { t } = useTranslation('balance');
  const platform = usePlatformInfo().data;
  const autoLimit = platform?.withdrawal.auto_limit;
  const minimum = platform?.withdrawal.min ?? withdrawalMinUsdt;
  return (
    <Text size="xs" c="dimmed">
      {t('payOut.minimum', { amount: formatAmountDisplay(minimum), currency: USDT.code })}{' '}
      {manualWithdrawal
        ? t('payOut.manual')
        : autoLimit && t('payOut.autoLimit', { amount: formatAmountDisplay(autoLimit), currency: USDT.code })}
    </Text>
  );
}
