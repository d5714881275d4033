import { Badge, Button, Stack, Text } from '@mantine/core';
import type { AntiFraudCase } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../ui/DataTable';
import { NoWrap } from '../../../ui/NoWrap';
import { UtcDateTime } from './UtcDateTime';

export const noValue = '—';

/** Who a case is about, as one line: the server's label names the requisite or payer with its trader or merchant. */
export const targetName = (item: AntiFraudCase) => item.target.label || item.target.username;

/** SPEC §2.16 status labels, with colours: a New case waits for an admin (orange), an Approved one is done (green). */
function CaseStatus({ item, t }: { item: AntiFraudCase; t: TFunction }) {
  const status = item.is_approved ? 'approved' : 'new';
  return (
    <NoWrap>
      <Badge variant="light" color={item.is_approved ? 'green' : 'orange'} data-status={status}>
        {t(`status.${status}`)}
      </Badge>
    </NoWrap>
  );
}

function Target({ item, t }: { item: AntiFraudCase; t: TFunction }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {t(`kind.${item.target.kind}`)}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {targetName(item)}
      </Text>
    </Stack>
  );
}

/** The status, and for an approved case when and by whom: one column, so the table fits a laptop's screen. */
function StatusCell({ item, t }: { item: AntiFraudCase; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <CaseStatus item={item} t={t} />
      {item.approved_at && (
        <Text size="xs" c="dimmed" component="div">
          <UtcDateTime iso={item.approved_at} size="xs" />
          {item.approved_by && <div>{t('approvedBy', { username: item.approved_by.username })}</div>}
        </Text>
      )}
    </Stack>
  );
}

export interface CaseRowActions {
  onRelease: (item: AntiFraudCase) => void;
}

/**
 * The columns of SPEC §2.16: when the case opened (UTC), its rule, whom it is about, what the rule saw, and its status
 * with when and by whom it was approved. With `actions` (an admin who may release) a New case also has its Release button.
 */
export function caseColumns(t: TFunction, actions: CaseRowActions | null): DataTableColumn<AntiFraudCase>[] {
  const columns: DataTableColumn<AntiFraudCase>[] = [
    { key: 'created_at', title: t('column.created'), render: (item) => <UtcDateTime iso={item.created_at} stacked /> },
    { key: 'rule', title: t('column.rule'), render: (item) => item.rule.title },
    { key: 'target', title: t('column.target'), render: (item) => <Target item={item} t={t} /> },
    {
      key: 'evidence',
      title: t('column.evidence'),
      render: (item) => (
        <Text size="sm" maw={300} style={{ overflowWrap: 'anywhere' }}>
          {item.evidence || noValue}
        </Text>
      ),
    },
    { key: 'status', title: t('column.status'), render: (item) => <StatusCell item={item} t={t} /> },
  ];
  if (!actions) return columns;
  columns.push({
    key: 'actions',
    title: t('column.actions'),
    render: (item) =>
      item.is_approved ? (
        noValue
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={t('actions.releaseOf', { target: targetName(item) })}
          onClick={() => actions.onRelease(item)}
        >
          {t('actions.release')}
        </Button>
      ),
  });
  return columns;
}
