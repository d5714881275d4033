import { Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { OrderDetails, OrderOwnMoney } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAttributeValue, formatDateTime, shortenId } from '../../../lib/format';
import { webhookErrorText } from '../../../lib/webhookErrorText';
import { Amount } from '../../../ui/Amount';
import { AppModal } from '../../../ui/AppModal';
import { CopyableId } from '../../../ui/CopyableId';
import { visuallyHidden } from '../../../ui/DataTable';
import { FieldTable } from '../../../ui/FieldTable';
import { QueryFailure } from '../../../ui/QueryFailure';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRetained } from '../../../ui/useRetained';
import { useOrderDetails } from '../api/getOrder';
import { executorName, noValue, paymentOptionText } from './orderColumns';
import { PayerPageLink } from './PayerPageLink';
import { PayerReport } from './PayerReport';
import { webhookEventTitle } from './webhookEventTitle';

export interface OrderDetailsModalProps {
  /** The guid of the order shown, null when closed. */
  orderId: string | null;
  onClose: () => void;
}

type Row = [label: string, value: ReactNode];

/** A label-and-value table; rows whose value is missing are left out. */
function PresentFields({ caption, rows }: { caption: string; rows: Row[] }) {
  const present = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return <FieldTable caption={caption} captionSide="top" rows={present} />;
}

/** A captioned table of rows with a header, or a line saying there is nothing yet. */
function ListTable(props: { caption: string; empty: string; head: string[]; rows: ReactNode[][] }) {
  const { caption, empty, head, rows } = props;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {caption}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        // On a phone the table scrolls sideways: the keyboard must reach it too, so the scroll box is a named region.
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={caption}>
          <Table withTableBorder striped>
            <Table.Caption style={visuallyHidden}>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {head.map((title) => (
                  <Table.Th key={title}>{title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, index) => (
                // Events and attempts have no id of their own; their order never changes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  {cells.map((cell, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <Table.Td key={column}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

function summaryRows({ order }: OrderDetails, t: TFunction): Row[] {
  const details = order.payment_details;
  return [
    [t('column.guid'), <CopyableId key="guid" id={order.guid} />],
    [t('details.type'), t(`details.orderType.${order.type}`)],
    [t('details.status'), <StatusBadge key="status" slug={order.status.slug} label={order.status.title} />],
    [t('details.createdAt'), formatDateTime(order.created_at)],
    [t('details.expiresAt'), order.expires_at ? formatDateTime(order.expires_at) : null],
    [t('details.clientOrderId'), order.client_order_id],
    [
      t('details.fiat'),
      <Amount key="fiat" amount={order.fiat_money.amount} currency={order.fiat_money.currency.code} />,
    ],
    [
      t('details.crypto'),
      <Amount key="crypto" amount={order.crypto_money.amount} currency={order.crypto_money.currency.name} />,
    ],
    [t('details.rate'), order.rate],
    [t('details.executor'), executorName(order) ?? t('noExecutor')],
    [t('details.merchant'), order.merchant.username],
    [t('details.flow'), order.flow.name],
    [t('details.paymentOption'), details ? paymentOptionText(details, t) : null],
    [t('details.holder'), details?.holder],
    [t('details.cardNumber'), details?.card_number ? formatAttributeValue('card_number', details.card_number) : null],
    [t('details.correspondentAccount'), details?.correspondent_account],
    [t('details.phone'), details?.phone ? formatAttributeValue('phone', details.phone) : null],
    [t('details.bank'), details?.bank],
    [t('details.bik'), details?.bik],
  ];
}

function pricingRows(pricing: NonNullable<OrderDetails['pricing']>, t: TFunction): Row[] {
  return [
    [t('details.merchantFee'), `${pricing.merchant_fee}%`],
    [t('details.executorFee'), `${pricing.executor_fee}%`],
    ...pricing.agents.map(
      (agent): Row => [
        t('details.agentShare', { role: t(`details.role.${agent.role}`), username: agent.username }),
        `${agent.percentage}%`,
      ],
    ),
    [t('details.hold'), <Amount key="hold" amount={pricing.hold.amount} currency={pricing.hold.currency.code} />],
  ];
}

type Party = OrderDetails['transfers'][number]['from'];

/** A side of a transfer as people say it: "Trader ivan · On hold"; the platform's accounts by their own name. */
const partyText = (party: Party) =>
  party.username ? `${party.role.title} ${party.username} · ${party.account.title}` : party.account.title;

/** A signed wire amount: "+" or "−" (U+2212) before the amount cut for reading. */
function SignedAmount({ amount, currency }: { amount: string; currency: string }) {
  const debit = amount.startsWith('-');
  return (
    <Text component="span" size="sm" c={debit ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
      {debit ? '−' : '+'}
      <Amount amount={debit ? amount.slice(1) : amount} currency={currency} />
    </Text>
  );
}

/**
 * A merchant's or the executor's own money in the order (issue 21 item 2): its percentage, its fee or reward, what it
 * receives or pays, and what has moved on its balances. The server sends nothing of the other parties.
 */
function OwnMoney({ money, type }: { money: OrderOwnMoney; type: OrderDetails['order']['type'] }) {
  const { t } = useTranslation('orders');
  const merchant = money.role.slug === 'merchant';
  const amount = (value: { amount: string; currency: { code: string } } | null, key: string) =>
    value ? <Amount key={key} amount={value.amount} currency={value.currency.code} /> : null;
  const rows: Row[] = [
    [t('details.yourRole'), money.role.title],
    [
      merchant ? t('details.feePercent') : t('details.rewardPercent'),
      t('details.percent', { value: money.percentage }),
    ],
    [merchant ? t('details.fee') : t('details.reward'), amount(money.share, 'share')],
    [t('details.receives'), amount(money.receives, 'receives')],
    [merchant || type === 'pay_out' ? t('details.pays') : t('details.paysExecutor'), amount(money.pays, 'pays')],
  ];
  return (
    <>
      <PresentFields caption={t('details.ownMoney')} rows={rows} />
      <ListTable
        caption={t('details.ownLines')}
        empty={t('details.ownLinesEmpty')}
        head={[t('details.at'), t('details.transfer'), t('details.account'), t('details.sum')]}
        rows={money.lines.map((line) => [
          nowrap(formatDateTime(line.created_at)),
          line.code.title,
          line.account.title,
          <SignedAmount key="sum" amount={line.amount} currency={money.share.currency.code} />,
        ])}
      />
    </>
  );
}

function lastAttemptText(delivery: NonNullable<OrderDetails['webhooks']>[number], t: TFunction): string {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return t('details.noAttempt');
  const answer =
    attempt.status_code === null ? t('details.noAnswer') : t('details.httpStatus', { code: attempt.status_code });
  const parts = [formatDateTime(attempt.attempted_at), answer, t('details.durationMs', { ms: attempt.duration_ms })];
  if (attempt.error) parts.push(webhookErrorText(attempt.error, t, 'details.webhookError'));
  return parts.join(' · ');
}

function DetailsBody({ details }: { details: OrderDetails }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="lg">
      <PresentFields caption={t('details.summary')} rows={summaryRows(details, t)} />
      {details.order.payer_report && (
        <Stack gap={4} component="section" aria-label={t('payerReport.label')}>
          <PayerReport order={details.order} />
        </Stack>
      )}
      {details.order.type === 'pay_in' && <PayerPageLink orderId={details.order.guid} />}
      {details.pricing && <PresentFields caption={t('details.pricing')} rows={pricingRows(details.pricing, t)} />}
      <ListTable
        caption={t('details.timeline')}
        empty={t('details.timelineEmpty')}
        head={[t('details.at'), t('details.change'), t('details.actor'), t('details.note')]}
        rows={details.timeline.map((event) => [
          nowrap(formatDateTime(event.created_at)),
          <StatusBadge key="status" slug={event.status.slug} label={event.status.title} />,
          t(`actor.${event.actor}`, { defaultValue: event.actor }),
          event.note ?? noValue,
        ])}
      />
      {details.own_money && <OwnMoney money={details.own_money} type={details.order.type} />}
      {details.transfers.length > 0 && (
        <ListTable
          caption={t('details.transfers')}
          empty={t('details.transfersEmpty')}
          head={[t('details.at'), t('details.transfer'), t('details.from'), t('details.to'), t('details.sum')]}
          rows={details.transfers.map((transfer) => [
            nowrap(formatDateTime(transfer.created_at)),
            transfer.code.title,
            partyText(transfer.from),
            partyText(transfer.to),
            <Amount key="sum" amount={transfer.money.amount} currency={transfer.money.currency.code} />,
          ])}
        />
      )}
      {details.webhooks && (
        <ListTable
          caption={t('details.webhooks')}
          empty={t('details.webhooksEmpty')}
          head={[t('details.event'), t('details.deliveryStatus'), t('details.attempts'), t('details.lastAttempt')]}
          rows={details.webhooks.map((delivery) => [
            <Stack key="event" gap={0}>
              <Text size="sm">{webhookEventTitle(delivery.type, t)}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(delivery.created_at)}
              </Text>
            </Stack>,
            <Badge key="status" variant="light" color={deliveryColors[delivery.status]} tt="none">
              {t(`delivery.${delivery.status}`)}
            </Badge>,
            delivery.attempts.length,
            lastAttemptText(delivery, t),
          ])}
        />
      )}
    </Stack>
  );
}

const deliveryColors = { pending: 'gray', delivered: 'green', failed: 'red', skipped: 'gray' } as const;

/**
 * SPEC §2.12 order details: the order, its timeline, its money as the viewer may see it (the admin's pricing and named
 * transfers, or a party's own part) and its webhooks.
 */
export function OrderDetailsModal({ orderId, onClose }: OrderDetailsModalProps) {
  const { t } = useTranslation('orders');
  const shownId = useRetained(orderId);
  const details = useOrderDetails(shownId);
  return (
    <AppModal
      opened={orderId !== null}
      onClose={onClose}
      size="xl"
      title={shownId ? t('details.title', { id: shortenId(shownId) }) : ''}
    >
      {details.isPending && <Loader size="sm" role="status" aria-label={t('ui:table.loading')} />}
      <QueryFailure query={details} fallback={t('details.loadFailed')} />
      {details.data && <DetailsBody details={details.data} />}
    </AppModal>
  );
}
