import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { disputeFileMaxBytes, type ReceiptCheckResult } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { formFailureOf } from '../../../lib/formErrors';
import { readDataUrl } from '../../../lib/readDataUrl';
import { AppModal } from '../../../ui/AppModal';
import { DataTable } from '../../../ui/DataTable';
import { useCheckReceipt } from '../api/checkReceipt';
import { ReceiptDrop } from './ReceiptDrop';
import { receiptOrderColumns } from './receiptOrderColumns';

export interface ReceiptCheckModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2.16 receipts check: a PDF receipt in, the sums and days it names and the orders they may be about out. */
export function ReceiptCheckModal({ opened, onClose }: ReceiptCheckModalProps) {
  const { t } = useTranslation('antifraud');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('receipt.title')} size="xl">
      {opened && <ReceiptCheck onClose={onClose} />}
    </AppModal>
  );
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A receipt day `2026-03-05` as the screen writes dates (05.03.2026); anything else as the server sent it. */
export function formatReceiptDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

interface Checked {
  name: string;
  result: ReceiptCheckResult;
}

function ReceiptCheck({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('antifraud');
  const check = useCheckReceipt();
  const [reading, setReading] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The file is checked here first: the server would refuse it too, after a long upload for nothing.
  async function onFile(file: File) {
    setError(null);
    setChecked(null);
    if (!isPdf(file)) return setError(t('receipt.notPdf'));
    if (file.size > disputeFileMaxBytes) return setError(t('receipt.tooLarge'));
    setReading(file.name);
    try {
      const data = await readDataUrl(file).catch(() => null);
      if (data === null) return setError(t('receipt.readFailed'));
      const result = await check.mutateAsync({ file: { name: file.name, data } });
      setChecked({ name: file.name, result });
    } catch (failure) {
      // The server's reason (not a PDF by its content, unreadable) is about the file: it goes under the drop area.
      const shown = formFailureOf(failure, ['file'], t('receipt.failed'));
      setError(shown.fields.file ?? shown.general);
    } finally {
      setReading(null);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('receipt.intro')}</Text>
      <ReceiptDrop
        onFile={(file) => void onFile(file)}
        busy={reading !== null}
        again={checked !== null}
        error={error}
      />
      {reading !== null && (
        <Text size="sm" role="status">
          {t('receipt.reading', { name: reading })}
        </Text>
      )}
      {checked && <CheckResult checked={checked} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('receipt.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function ReadValues({ label, values }: { label: string; values: string[] }) {
  const { t } = useTranslation('antifraud');
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={500}>
        {label}:
      </Text>
      {values.length === 0 ? (
        <Text size="sm">{t('receipt.none')}</Text>
      ) : (
        values.map((value) => (
          <Badge key={value} variant="default" tt="none" size="lg" fw={500}>
            {value}
          </Badge>
        ))
      )}
    </Group>
  );
}

function CheckResult({ checked }: { checked: Checked }) {
  const { t } = useTranslation('antifraud');
  const { amounts, dates, orders } = checked.result;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {t('receipt.file', { name: checked.name })}
      </Text>
      <ReadValues label={t('receipt.amounts')} values={amounts.map((amount) => formatAmountDisplay(amount))} />
      <ReadValues label={t('receipt.dates')} values={dates.map(formatReceiptDay)} />
      {amounts.length === 0 ? (
        <Text size="sm" role="status">
          {t('receipt.noAmounts')}
        </Text>
      ) : (
        <>
          {dates.length === 0 && <Text size="sm">{t('receipt.noDates')}</Text>}
          <Title order={2} size="h4">
            {t('receipt.orders')}
          </Title>
          {orders.length === 0 ? (
            <Text size="sm" role="status">
              {t('receipt.noOrders')}
            </Text>
          ) : (
            <DataTable
              columns={receiptOrderColumns(t)}
              rows={orders}
              rowKey={(order) => order.guid}
              scrollRegionLabel={t('receipt.orders')}
              minWidthPx={760}
            />
          )}
        </>
      )}
    </Stack>
  );
}
