import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import type { Order } from '@paydesk/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** HH:MM in the browser's local time: the hour a trader compares with its bank's message. */
function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** Where the web app reads one of the payer's receipts (served as dispute evidence is). */
export const payerReceiptUrl = (order: Order, receiptId: string) =>
  `/api/inner/order/${order.guid}/payer_receipt/${receiptId}`;

/**
 * What the payer said on its page (DESIGN §20, issue 32): when it reported paying, and its receipts — a picture
 * previewed in place, a PDF to download (evidence PDFs are served as attachments). Nothing when the payer said nothing.
 */
export function PayerReport({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const report = order.payer_report;
  if (!report) return null;
  return (
    <Stack gap={4}>
      {report.reported_at && (
        <Text size="sm" fw={600}>
          {t('payerReport.reportedAt', { time: localTime(report.reported_at) })}
        </Text>
      )}
      {report.receipts.map((receipt) =>
        receipt.content_type === 'application/pdf' ? (
          <Anchor key={receipt.id} href={payerReceiptUrl(order, receipt.id)} download={receipt.name} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconFileTypePdf size={16} aria-hidden="true" />
              {t('payerReport.downloadPdf', { name: receipt.name })}
            </Group>
          </Anchor>
        ) : (
          <Anchor
            key={receipt.id}
            href={payerReceiptUrl(order, receipt.id)}
            target="_blank"
            rel="noopener noreferrer"
            w="fit-content"
          >
            <Image
              src={payerReceiptUrl(order, receipt.id)}
              alt={t('payerReport.imageAlt', { name: receipt.name })}
              fit="contain"
              mah={160}
              w="auto"
              maw="100%"
              radius="sm"
            />
          </Anchor>
        ),
      )}
    </Stack>
  );
}
