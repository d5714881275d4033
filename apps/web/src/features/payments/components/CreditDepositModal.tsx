import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type DepositOutcome, depositCreditSchema } from '@paydesk/contract';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useSchemaSubmit } from '../../../lib/formErrors';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
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
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRound((value) => value + 1);
  }
  return (
    <AppModal opened={opened} onClose={onClose} title={t('credit.title')}>
      <CreditForm key={round} onClose={onClose} onAnother={() => setRound((value) => value + 1)} />
    </AppModal>
  );
}

/** Hashes and addresses are read character by character: only the typed text is monospace, not the label. */
const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const formFields = ['tx_hash', 'address', 'amount'] as const;
type Values = Record<(typeof formFields)[number], string>;

function CreditForm({ onClose, onAnother }: { onClose: () => void; onAnother: () => void }) {
  const { t } = useTranslation('payments');
  const credit = useCreditDeposit();
  const [values, setValues] = useState<Values>({ tx_hash: '', address: '', amount: '' });
  const form = useSchemaSubmit(depositCreditSchema, formFields, { translate: t, fallback: t('saveFailed') });
  const { errors, failure } = form;
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null);
  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (credit.isPending) return;
    const credited = await form.submit(values, (data) => credit.mutateAsync(data));
    if (credited) setOutcome(credited);
  }

  if (outcome) return <CreditOutcome outcome={outcome} onClose={onClose} onAnother={onAnother} />;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('credit.text')}</Text>
        <TextInput
          label={t('credit.txHash')}
          description={t('sent.txHashHint')}
          required
          value={values.tx_hash}
          onChange={(event) => set('tx_hash')(event.currentTarget.value)}
          error={errors.tx_hash}
          styles={monospaceInput}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <TextInput
          label={t('credit.address')}
          required
          value={values.address}
          onChange={(event) => set('address')(event.currentTarget.value)}
          error={errors.address}
          styles={monospaceInput}
          autoComplete="off"
          spellCheck={false}
        />
        <DecimalInput
          label={t('credit.amount')}
          required
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
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
