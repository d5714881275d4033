import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PartnerSystem } from '@paydesk/contract';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { Amount } from '../../../ui/Amount';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { Toggle } from '../../../ui/Toggle';
import { usePartnerSystem } from '../api/getPartnerSystem';
import { PartnerBalanceLog } from './PartnerBalanceLog';
import { Id, noValue, paymentMethodText } from './partnerColumns';

export interface PartnerDetailViewProps {
  slug: string;
  /** The list row it was opened from, shown while the full answer loads. */
  known?: PartnerSystem;
  onBack: () => void;
  /** Null for an admin who only reads (support). */
  onEdit: ((system: PartnerSystem) => void) | null;
  /** Moves the focus to the title: the view replaced the list under the keyboard user's feet. */
  focusTitle: boolean;
}

/** SPEC §2.20: fiat currencies are joined by ' - '. */
export const joinCurrencies = (codes: readonly string[]) => (codes.length > 0 ? codes.join(' - ') : noValue);

type Flow = PartnerSystem['flows'][number];

function flowColumns(t: TFunction): DataTableColumn<Flow>[] {
  return [
    { key: 'uuid', title: t('flows.uuid'), render: (flow) => <Id id={flow.uuid} /> },
    { key: 'name', title: t('flows.name'), render: (flow) => flow.name },
    { key: 'fiat', title: t('flows.fiat'), render: (flow) => flow.fiat_currency.code },
    { key: 'crypto', title: t('flows.crypto'), render: (flow) => flow.crypto_currency.code },
  ];
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function PaymentOptions({ system }: { system: PartnerSystem }) {
  if (system.payment_options.length === 0) return noValue;
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {system.payment_options.map((option) => (
        <Badge key={option.slug} component="li" variant="light" tt="none">
          {option.title}
        </Badge>
      ))}
    </Group>
  );
}

/** The switch shows a state and takes no clicks, so it does not look clickable either. */
const readOnlyStyles = { track: { cursor: 'default' }, label: { cursor: 'default' } };

function Facts({ system, t }: { system: PartnerSystem; t: TFunction }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        <Toggle label={t('field.active')} checked={system.is_active} readOnly aria-readonly styles={readOnlyStyles} />
        <Fact label={t('detail.balance')}>
          <Amount amount={system.balance.amount} currency={system.balance.currency.code} />
        </Fact>
        <Fact label={t('field.paymentMethod')}>{paymentMethodText(system.payment_method, t)}</Fact>
        <Fact label={t('field.fiatCurrencies')}>{joinCurrencies(system.fiat_currencies)}</Fact>
        <Fact label={t('field.paymentOptions')}>
          <PaymentOptions system={system} />
        </Fact>
        <Fact label={t('field.user')}>{system.user.username}</Fact>
        <Fact label={t('field.slug')}>
          <Text component="span" ff="monospace" size="sm">
            {system.partner.slug}
          </Text>
        </Fact>
        <Fact label={t('detail.createdAt')}>{formatDateTime(system.created_at) || noValue}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

function Flows({ system, t }: { system: PartnerSystem; t: TFunction }) {
  const titleId = useId();
  const columns = useMemo(() => flowColumns(t), [t]);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('flows.title')}
      </Title>
      <DataTable
        columns={columns}
        rows={system.flows}
        rowKey={(flow) => flow.uuid}
        emptyMessage={t('flows.empty')}
        minWidthPx={480}
      />
    </Stack>
  );
}

/**
 * SPEC §2.20 detail view: the partner's title with a way back, the read-only active toggle, fiat currencies, payment
 * options, flows and the balance history. Admins who manage partners edit it from here too.
 */
export function PartnerDetailView({ slug, known, onBack, onEdit, focusTitle }: PartnerDetailViewProps) {
  const { t } = useTranslation('partners');
  const failureText = useFailureText();
  const detail = usePartnerSystem(slug, known);
  const system = detail.data;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const hasTitle = system !== undefined;

  useEffect(() => {
    if (focusTitle && hasTitle) titleRef.current?.focus();
  }, [focusTitle, hasTitle]);

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px="xs">
          {t('detail.back')}
        </Button>
      </Group>
      {!system && (
        <Title order={1} size="h2">
          {t('screen.partners', { ns: 'app' })}
        </Title>
      )}
      {detail.isError && !system && (
        <Text c="red" size="sm" role="alert">
          {failureText(detail.error, t('detail.loadFailed'))}
        </Text>
      )}
      {!system && !detail.isError && <Text c="dimmed">{t('detail.loading')}</Text>}
      {system && (
        <>
          <Group justify="space-between" gap="sm">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('screen.partners', { ns: 'app' })}
              </Text>
              <Title order={1} size="h2" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
                {system.partner.title}
              </Title>
            </Stack>
            {onEdit && (
              <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(system)}>
                {t('edit')}
              </Button>
            )}
          </Group>
          <Facts system={system} t={t} />
          <Flows system={system} t={t} />
          <PartnerBalanceLog slug={system.partner.slug} />
        </>
      )}
    </Stack>
  );
}
