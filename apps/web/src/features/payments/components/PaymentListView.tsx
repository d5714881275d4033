import { Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazySchema, type Payment, type PaymentType, paymentListQuerySchema } from '@paydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListTable } from '../../../ui/ListTable';
import { useUrlListParams } from '../../../ui/useListParams';
import { paymentListPath, paymentListQueryParams, usePaymentsList } from '../api/listPayments';
import { AcceptPaymentModal } from './AcceptPaymentModal';
import { paymentColumns } from './paymentColumns';
import { RejectPaymentModal } from './RejectPaymentModal';
import { ReportSentModal } from './ReportSentModal';

type Dialog = { kind: 'accept' | 'reject' | 'sent'; payment: Payment };

/** What the address may set: the type is the tab's. */
const urlSchema = lazySchema(() => paymentListQuerySchema.omit({ 'filter[type]': true }));

/**
 * One tab of /pay (SPEC §2.13): the server's filters, the tab's columns and pagination. On withdrawals an admin
 * accepts what waits on moderation, rejects what is not sent yet and reports the on-chain send, each after a
 * confirmation that restates the owner, sum, network and address; the list reloads after each and a toast says what
 * happened. The page, its size and the filters are kept in the address; the list
 * exports as CSV as it is filtered, for whoever may read it.
 */
export function PaymentListView(props: { type: PaymentType; mayModerate: boolean; mayExport: boolean }) {
  const { type, mayModerate, mayExport } = props;
  const { t } = useTranslation('payments');
  const list = useUrlListParams(urlSchema);
  const payments = usePaymentsList(type, list.params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const paymentOf = (kind: Dialog['kind']) => (dialog?.kind === kind ? dialog.payment : null);

  const columns = useMemo(
    () =>
      paymentColumns(
        type,
        t,
        !mayModerate
          ? null
          : {
              onAccept: (payment) => setDialog({ kind: 'accept', payment }),
              onReject: (payment) => setDialog({ kind: 'reject', payment }),
              onSent: (payment) => setDialog({ kind: 'sent', payment }),
            },
      ),
    [type, t, mayModerate],
  );

  function decided(key: 'toast.accepted' | 'toast.rejected' | 'toast.sent', payment: Payment) {
    notifications.show({ color: 'teal', message: t(key, { username: payment.payable.username }) });
    close();
  }

  return (
    <Stack gap="md">
      {mayExport && (
        <Group justify="flex-end">
          <ExportCsvButton listPath={paymentListPath} query={paymentListQueryParams(type, list.params)} />
        </Group>
      )}
      <ListTable
        list={list}
        query={payments}
        namespace="payments"
        columns={columns}
        rowKey={(payment) => payment.guid}
        emptyMessage={t(`empty.${type}`)}
        minWidthPx={type === 'withdraw' ? 1200 : 1100}
      />
      <AcceptPaymentModal
        payment={paymentOf('accept')}
        onClose={close}
        onAccepted={(payment) => decided('toast.accepted', payment)}
      />
      <RejectPaymentModal
        payment={paymentOf('reject')}
        onClose={close}
        onRejected={(payment) => decided('toast.rejected', payment)}
      />
      <ReportSentModal
        payment={paymentOf('sent')}
        onClose={close}
        onReported={(payment) => decided('toast.sent', payment)}
      />
    </Stack>
  );
}
