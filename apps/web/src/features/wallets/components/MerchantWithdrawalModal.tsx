import { Stack, Text } from '@mantine/core';
import { merchantWithdrawalSchema, type User, withdrawalMinUsdt } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useContractForm } from '../../../lib/useContractForm';
import { userOptionsOf, useUserChoices } from '../../../lib/userChoices';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { MonospaceInput } from '../../../ui/MonospaceInput';
import { SingleSelect } from '../../../ui/SingleSelect';
import { useOpeningRound } from '../../../ui/useOpeningRound';
import { useCreateMerchantWithdrawal } from '../api/createMerchantWithdrawal';

export interface MerchantWithdrawalModalProps {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The root admin's merchant withdrawal (SPEC §2.10, §5): trader, merchant, amount in USDT and address. */
export function MerchantWithdrawalModal({ opened, onClose, onDone }: MerchantWithdrawalModalProps) {
  const { t } = useTranslation('wallets');
  const { round } = useOpeningRound(opened);
  return (
    <AppModal opened={opened} onClose={onClose} title={t('merchant_withdrawal.title')}>
      <WithdrawalForm key={round} onCancel={onClose} onDone={onDone} />
    </AppModal>
  );
}

const emptyValues = { user_uuid: '', merchant_uuid: '', amount: '', to_address: '' };

/** A blocked or inactive user stays in the list, greyed out, so the operator sees why it cannot be chosen. */
function useChoices(type: 'trader' | 'merchant') {
  const { t } = useTranslation('wallets');
  const choices = useUserChoices(type);
  const users = choices.data ?? [];
  const data = userOptionsOf(users, t('merchant_withdrawal.unavailable'));
  return { data, users, loading: choices.isPending };
}

function availableOf(users: User[], uuid: string): string | null {
  const user = users.find((candidate) => candidate.uuid === uuid);
  return user ? formatAmountDisplay(user.balance.virtual) : null;
}

function WithdrawalForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('wallets');
  const withdraw = useCreateMerchantWithdrawal();
  const traders = useChoices('trader');
  const merchants = useChoices('merchant');
  const { form, failure, submit, selectProps } = useContractForm(merchantWithdrawalSchema, emptyValues, {
    translate: t,
    fallback: t('merchant_withdrawal.failed'),
  });
  const available = availableOf(merchants.users, form.values.merchant_uuid);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (withdraw.isPending) return;
    if (await submit((data) => withdraw.mutateAsync(data))) onDone();
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('merchant_withdrawal.text')}</Text>
        <SingleSelect
          label={t('merchant_withdrawal.trader')}
          required
          searchable
          data={traders.data}
          {...selectProps('user_uuid')}
          disabled={traders.loading}
          nothingFoundMessage={t('merchant_withdrawal.nothingFound')}
          data-autofocus
        />
        <SingleSelect
          label={t('merchant_withdrawal.merchant')}
          required
          searchable
          data={merchants.data}
          {...selectProps('merchant_uuid')}
          description={available === null ? undefined : t('merchant_withdrawal.available', { amount: available })}
          disabled={merchants.loading}
          nothingFoundMessage={t('merchant_withdrawal.nothingFound')}
        />
        <DecimalInput
          label={t('merchant_withdrawal.amount')}
          required
          {...form.getInputProps('amount')}
          min={Number(withdrawalMinUsdt)}
          step={1}
          decimalScale={6}
          // The contract's check says what is wrong; clamping would silently change the amount instead.
          clampBehavior="none"
        />
        <MonospaceInput label={t('merchant_withdrawal.address')} required {...form.getInputProps('to_address')} />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onCancel}
          submitLabel={t('merchant_withdrawal.submit')}
          busy={withdraw.isPending}
        />
      </Stack>
    </form>
  );
}
