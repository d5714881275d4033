import { Stack, Text, TextInput } from '@mantine/core';
import { merchantWithdrawalSchema, type User, withdrawalMinUsdt } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useSchemaSubmit } from '../../../lib/formErrors';
import { userOptionsOf, useUserChoices } from '../../../lib/userChoices';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { SingleSelect } from '../../../ui/SingleSelect';
import { useCreateMerchantWithdrawal } from '../api/createMerchantWithdrawal';

export interface MerchantWithdrawalModalProps {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The root admin's merchant withdrawal (SPEC §2.10, §5): trader, merchant, amount in USDT and address. */
export function MerchantWithdrawalModal({ opened, onClose, onDone }: MerchantWithdrawalModalProps) {
  const { t } = useTranslation('wallets');
  // A new key per opening starts an empty form; the old one stays on screen while the modal fades out.
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRound((value) => value + 1);
  }
  return (
    <AppModal opened={opened} onClose={onClose} title={t('merchant_withdrawal.title')}>
      <WithdrawalForm key={round} onCancel={onClose} onDone={onDone} />
    </AppModal>
  );
}

/** Hashes and addresses are read character by character: only the typed text is monospace, not the label. */
const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const formFields = ['user_uuid', 'merchant_uuid', 'amount', 'to_address'] as const;
type Values = Record<(typeof formFields)[number], string>;
const emptyValues: Values = { user_uuid: '', merchant_uuid: '', amount: '', to_address: '' };

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
  const [values, setValues] = useState<Values>(emptyValues);
  const form = useSchemaSubmit(merchantWithdrawalSchema, formFields, {
    translate: t,
    fallback: t('merchant_withdrawal.failed'),
  });
  const { errors, failure } = form;
  const set = (field: keyof Values) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: value ?? '' }));
  const available = availableOf(merchants.users, values.merchant_uuid);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (withdraw.isPending) return;
    if (await form.submit(values, (data) => withdraw.mutateAsync(data))) onDone();
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
          value={values.user_uuid || null}
          onChange={set('user_uuid')}
          error={errors.user_uuid}
          disabled={traders.loading}
          nothingFoundMessage={t('merchant_withdrawal.nothingFound')}
          data-autofocus
        />
        <SingleSelect
          label={t('merchant_withdrawal.merchant')}
          required
          searchable
          data={merchants.data}
          value={values.merchant_uuid || null}
          onChange={set('merchant_uuid')}
          error={errors.merchant_uuid}
          description={available === null ? undefined : t('merchant_withdrawal.available', { amount: available })}
          disabled={merchants.loading}
          nothingFoundMessage={t('merchant_withdrawal.nothingFound')}
        />
        <DecimalInput
          label={t('merchant_withdrawal.amount')}
          required
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
          min={Number(withdrawalMinUsdt)}
          step={1}
          decimalScale={6}
          // The contract's check says what is wrong; clamping would silently change the amount instead.
          clampBehavior="none"
        />
        <TextInput
          label={t('merchant_withdrawal.address')}
          required
          value={values.to_address}
          onChange={(event) => set('to_address')(event.currentTarget.value)}
          error={errors.to_address}
          styles={monospaceInput}
          autoComplete="off"
          spellCheck={false}
        />
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
