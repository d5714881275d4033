import { FileInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type Dispute, type DisputeField, disputeCreateSchema, type Order } from '@paydesk/contract';
import { IconPaperclip } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useContractForm } from '../../../lib/useContractForm';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { SingleSelect } from '../../../ui/SingleSelect';
import { useRetained } from '../../../ui/useRetained';
import { useCreateDispute } from '../api/createDispute';
import { useDisputeReasons } from '../api/listDisputeReasons';
import {
  type DisputeFormValues,
  disputeBody,
  disputeFileAccept,
  emptyDisputeValues,
  fileProblem,
  reasonFields,
} from './disputeForm';
import { useTranslateIssue } from './useTranslateIssue';

/** The form's fields, as the contract and a server refusal name them. */
const formFields = ['reason', 'paid_amount', 'paid_at', 'comment', 'files'] as const;

export interface DisputeFormModalProps {
  /** The order the dispute is opened on; null when the modal is closed. */
  order: Order | null;
  onClose: () => void;
  onOpened: (dispute: Dispute) => void;
}

/**
 * SPEC §2.12 dispute creation: the order read-only, a reason, the fields that reason asks for, a receipt (png, jpg or
 * pdf), Dispute and Close. A refusal keeps the form open with the server's words under their fields.
 */
export function DisputeFormModal({ order, onClose, onOpened }: DisputeFormModalProps) {
  const { t } = useTranslation('orders');
  const shown = useRetained(order);
  return (
    <AppModal opened={order !== null} onClose={onClose} title={t('dispute.title')}>
      {shown && <DisputeForm key={shown.guid} order={shown} onClose={onClose} onOpened={onOpened} />}
    </AppModal>
  );
}

function DisputeForm({
  order,
  onClose,
  onOpened,
}: {
  order: Order;
  onClose: () => void;
  onOpened: DisputeFormModalProps['onOpened'];
}) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const translate = useTranslateIssue();
  const reasons = useDisputeReasons(true);
  const create = useCreateDispute();
  // The body is made before the check, since reading the receipt as a data URL takes a promise; the check takes it.
  const body = useRef<unknown>(null);
  const { form, failure, submit } = useContractForm(disputeCreateSchema, emptyDisputeValues, {
    translate,
    fallback: t('dispute.failed'),
    transform: () => body.current,
    clearErrorOnChange: true,
    fields: formFields,
  });
  // A file's problem is said as soon as it is chosen and stays until another is chosen, whatever a submit says.
  const [fileError, setFileError] = useState<string | null>(null);
  // Reading the receipt is not a field value: it only keeps Dispute busy while the file is read.
  const [reading, setReading] = useState(false);

  if (!reasons.data) {
    const failure = reasons.isError ? failureText(reasons.error, t('dispute.reasonsLoadFailed')) : null;
    return <ModalLoadState failure={failure} cancelLabel={t('dispute.close')} onCancel={onClose} />;
  }
  const language = currentLanguage();
  const fields = reasonFields(reasons.data, form.getValues().reason);

  function chooseFile(file: File | null) {
    const problem = file ? fileProblem(file) : null;
    setFileError(problem === null ? null : translate(problem));
    form.setFieldValue('file', problem === null ? file : null);
    form.clearFieldError('files');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || reading) return;
    setReading(true);
    body.current = await disputeBody(order.guid, form.getValues(), fields).finally(() => setReading(false));
    const opened = await submit((checked) => create.mutateAsync(checked));
    if (opened) onOpened(opened);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <OrderField order={order} />
        <SingleSelect
          label={t('dispute.reason')}
          placeholder={t('dispute.reasonPlaceholder')}
          required
          allowDeselect={false}
          data={reasons.data.map((reason) => ({ value: reason.value, label: reason.names[language] }))}
          {...form.getInputProps('reason')}
          data-autofocus
        />
        <ReasonFields order={order} fields={fields} form={form} />
        <ReceiptField file={form.getValues().file} onChange={chooseFile} error={fileError ?? form.errors.files} />
        <FormFooter
          failure={failure}
          cancelLabel={t('dispute.close')}
          onCancel={onClose}
          submitLabel={t('dispute.submit')}
          busy={create.isPending || reading}
        />
      </Stack>
    </form>
  );
}

/** The order, read-only (SPEC §2.12), with what it is: type, amount and status. */
function OrderField({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const fiat = `${formatAmountDisplay(order.fiat_money.amount)} ${order.fiat_money.currency.code}`;
  return (
    <TextInput
      label={t('dispute.order')}
      value={order.guid}
      readOnly
      description={t('dispute.orderHint', {
        type: t(`details.orderType.${order.type}`),
        amount: fiat,
        status: order.status.title,
      })}
      // The whole id, 36 characters, fits a phone's modal in the small monospace the tables use for ids.
      styles={{
        input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
      }}
    />
  );
}

interface ReceiptFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error: ReactNode;
}

/** The receipt: one file (SPEC §5: only the first is read), png, jpg or pdf. */
function ReceiptField({ file, onChange, error }: ReceiptFieldProps) {
  const { t } = useTranslation('orders');
  return (
    <FileInput
      label={t('dispute.file')}
      description={t('dispute.fileHint')}
      placeholder={t('dispute.filePlaceholder')}
      accept={disputeFileAccept}
      leftSection={<IconPaperclip size={16} aria-hidden="true" />}
      // Mantine's placeholder grey is too faint for WCAG AA here: this one is a text of its own, not ::placeholder.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      clearable
      clearButtonProps={{ 'aria-label': t('ui:field.clear') }}
      value={file}
      onChange={onChange}
      error={error}
    />
  );
}

interface ReasonFieldsProps {
  order: Order;
  fields: readonly DisputeField[];
  form: UseFormReturnType<DisputeFormValues>;
}

/** The extra fields of the chosen reason (DESIGN §12), each required by it. */
function ReasonFields({ order, fields, form }: ReasonFieldsProps) {
  const { t } = useTranslation('orders');
  return (
    <>
      {fields.includes('paid_amount') && (
        <DecimalInput
          label={t('dispute.paid_amount', { currency: order.fiat_money.currency.code })}
          required
          decimalScale={2}
          {...form.getInputProps('paid_amount')}
        />
      )}
      {fields.includes('paid_at') && (
        <TextInput type="datetime-local" label={t('dispute.paid_at')} required {...form.getInputProps('paid_at')} />
      )}
      {fields.includes('comment') && (
        <Textarea label={t('dispute.comment')} required rows={3} maxLength={1000} {...form.getInputProps('comment')} />
      )}
    </>
  );
}
