import { Badge, Button, Stack, Text } from '@mantine/core';
import type { AntiFraudCase } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../ui/DataTable';
import { UtcDateTime } from './UtcDateTime';

export const noValue = '—';

/** Who a case is about, as one line: the server's label names the requisite or payer with its trader or merchant. */
export const targetName = (item: AntiFraudCase) => item.target.label || item.target.username;

/** SPEC §2.16 status labels, with colours: a New case waits for an admin (orange), an Approved one is done (green). */
export function CaseStatus({ item, t }: { item: AntiFraudCase; t: TFunction }) {
  const status = item.is_approved ? 'approved' : 'new';
  return (
    <Badge variant="light" color={item.is_approved ? 'green' : 'orange'} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
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

function Approved({ item, t }: { item: AntiFraudCase; t: TFunction }) {
  if (!item.approved_at) return noValue;
  return (
    <Stack gap={0}>
      <UtcDateTime iso={item.approved_at} />
      {item.approved_by && (
        <Text size="xs" c="dimmed">
          {t('approvedBy', { username: item.approved_by.username })}
        </Text>
      )}
    </Stack>
  );
}

export interface CaseRowActions {
  onRelease: (item: AntiFraudCase) => void;
}

/**
 * The columns of SPEC §2.16: when the case opened (UTC), its rule, whom it is about, what the rule saw, its status
 * and who approved it. With `actions` (an admin who may release) a New case also has its Release button.
 */
export function caseColumns(t: TFunction, actions: CaseRowActions | null): DataTableColumn<AntiFraudCase>[] {
  const columns: DataTableColumn<AntiFraudCase>[] = [
    { key: 'created_at', title: t('column.created'), render: (item) => <UtcDateTime iso={item.created_at} /> },
    { key: 'rule', title: t('column.rule'), render: (item) => item.rule.title },
    { key: 'target', title: t('column.target'), render: (item) => <Target item={item} t={t} /> },
    {
      key: 'evidence',
      title: t('column.evidence'),
      render: (item) => (
        <Text size="sm" maw={320} style={{ overflowWrap: 'anywhere' }}>
          {item.evidence || noValue}
        </Text>
      ),
    },
    { key: 'status', title: t('column.status'), render: (item) => <CaseStatus item={item} t={t} /> },
    { key: 'approved', title: t('column.approved'), render: (item) => <Approved item={item} t={t} /> },
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
