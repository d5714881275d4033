import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type DepositOutcome, depositCreditSchema } from '@paydesk/contract';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { MonospaceInput } from '../../../ui/MonospaceInput';
import { useOpeningRound } from '../../../ui/useOpeningRound';
import { useCreditDeposit } from '../api/creditDeposit';
import { PaymentSummary } from './PaymentSummary';

export interface CreditDepositModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * An admin credits a confirmed on-chain deposit the watcher missed. The server credits a transfer once; entering it
 * again changes nothing, and the modal says which of the two happened.
 */
export function CreditDepositModal({ opened, onClose }: CreditDepositModalProps) {
  const { t } = useTranslation('payments');
  // A new key per opening (and per "credit another") starts an empty form; the old one stays while the modal fades.
  const { round, next } = useOpeningRound(opened);
  return (
    <AppModal opened={opened} onClose={onClose} title={t('credit.title')}>
      <CreditForm key={round} onClose={onClose} onAnother={next} />
    </AppModal>
  );
}

function CreditForm({ onClose, onAnother }: { onClose: () => void; onAnother: () => void }) {
  const { t } = useTranslation('payments');
  const credit = useCreditDeposit();
  const { form, failure, submit } = useContractForm(
    depositCreditSchema,
    { tx_hash: '', address: '', amount: '' },
    { translate: t, fallback: t('saveFailed') },
  );
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (credit.isPending) return;
    const credited = await submit((data) => credit.mutateAsync(data));
    if (credited) setOutcome(credited);
  }

  if (outcome) return <CreditOutcome outcome={outcome} onClose={onClose} onAnother={onAnother} />;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('credit.text')}</Text>
        <MonospaceInput
          label={t('credit.txHash')}
          description={t('sent.txHashHint')}
          required
          {...form.getInputProps('tx_hash')}
          data-autofocus
        />
        <MonospaceInput label={t('credit.address')} required {...form.getInputProps('address')} />
        <DecimalInput
          label={t('credit.amount')}
          required
          {...form.getInputProps('amount')}
          decimalScale={6}
          rightSection={
            <Text size="xs" c="dimmed">
              USDT
            </Text>
          }
          rightSectionWidth={52}
          hideControls
        />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t('credit.submit')}
          busy={credit.isPending}
        />
      </Stack>
    </form>
  );
}

function CreditOutcome({
  outcome,
  onClose,
  onAnother,
}: {
  outcome: DepositOutcome;
  onClose: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('payments');
  const { payment } = outcome;
  const values = { username: payment.payable.username, amount: formatAmountDisplay(payment.money.amount) };
  return (
    <Stack gap="md">
      {outcome.credited ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t('credit.credited', values)}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
          {t('credit.alreadyCredited', values)}
        </Alert>
      )}
      <PaymentSummary payment={payment} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('credit.another')}
        </Button>
        <Button onClick={onClose} data-autofocus>
          {t('credit.done')}
        </Button>
      </Group>
    </Stack>
  );
}
