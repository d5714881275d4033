import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type AuditEvent, auditActions } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortenId } from '../../../lib/format';
import { ListPagination } from '../../../ui/ListPagination';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useListParams } from '../../../ui/useListParams';
import { useUserAudit } from '../api/getUserAudit';
import { type AuditChange, auditChanges } from './auditChanges';
import { feeRangeText, noValue, percentText } from './display';

type TFunction = (key: string, options?: Record<string, unknown>) => string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function feeText(fee: Record<string, unknown>, t: TFunction): string {
  const max = fee.max_amount === null || fee.max_amount === undefined ? null : text(fee.max_amount);
  return `${t(`direction.${text(fee.direction)}`)} ${feeRangeText(text(fee.min_amount), max)}: ${percentText(text(fee.percentage))}`;
}

function linkText(link: Record<string, unknown>, t: TFunction): string {
  const user = isRecord(link.user) ? link.user : {};
  const name = text(user.username) || text(link.username) || text(link.user_uuid);
  const main = link.is_main === true ? `, ${t('agent.main').toLowerCase()}` : '';
  return `${name} (${percentText(text(link.pay_in_percentage))} / ${percentText(text(link.pay_out_percentage))}${main})`;
}

/** The fields whose value is the id of the thing changed: shortened as the lists show ids (first 4 … last 4). */
const idFields = new Set(['id', 'requisite', 'flow', 'case']);

/** "key: value; …" of a recorded object (restrictions, rule values), each value in words. */
function recordText(record: Record<string, unknown>, t: TFunction): string {
  const parts = Object.entries(record).map(([key, part]) => `${key}: ${auditValueText(key, part, t)}`);
  return parts.length > 0 ? parts.join('; ') : noValue;
}

/**
 * A recorded value in words: yes/no, ids shortened, statuses named, lists joined, fees and agent links spelled out,
 * records as "key: value"; anything else as JSON.
 */
/** What an entry did, in words: a code the contract does not list (an older server's) is "another change", never raw. */
export function auditActionTitle(action: string, t: TFunction): string {
  return (auditActions as readonly string[]).includes(action) ? t(`auditAction.${action}`) : t('audit.otherAction');
}

export function auditValueText(field: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return noValue;
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (idFields.has(field) && typeof value === 'string') return shortenId(value);
  if (field === 'status' && typeof value === 'string') return t(`auditStatus.${value}`, { defaultValue: value });
  if (field === 'type' && typeof value === 'string') return t(`userType.${value}`, { defaultValue: value });
  if ((field === 'roles' || field === 'permissions') && Array.isArray(value) && value.length > 0) {
    const prefix = field === 'roles' ? 'role' : 'permission';
    return value.map((id) => t(`${prefix}.${String(id)}`, { defaultValue: String(id) })).join(', ');
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return noValue;
    if (field === 'profile.fees') return value.map((fee) => (isRecord(fee) ? feeText(fee, t) : '')).join('; ');
    if (field === 'profile.teamleads' || field === 'profile.referrals') {
      return value.map((link) => (isRecord(link) ? linkText(link, t) : '')).join('; ');
    }
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  }
  // A pending invite link: its code's first characters (the code itself is never recorded).
  if (field === 'invite' && isRecord(value)) return `${text(value.hint)}…`;
  if (isRecord(value) && 'amount' in value && isRecord(value.currency)) {
    return `${text(value.amount)} ${text(value.currency.code)}`;
  }
  if (isRecord(value)) return recordText(value, t);
  return JSON.stringify(value);
}

function ChangeLine({ change }: { change: AuditChange }) {
  const { t } = useTranslation('users');
  const label = t(`auditField.${change.field}`, { defaultValue: change.field });
  const after = auditValueText(change.field, change.after, t);
  return (
    <Text size="xs" style={{ wordBreak: 'break-word' }}>
      <Text span fw={600} inherit>
        {label}:
      </Text>{' '}
      {change.before === null && change.after !== null
        ? after
        : `${auditValueText(change.field, change.before, t)} → ${after}`}
    </Text>
  );
}

function AuditEntry({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('users');
  return (
    <Stack component="li" gap={4} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {formatDateTime(event.created_at)}
        </Text>
        <Text size="sm" fw={600}>
          {event.actor?.username ?? t('audit.system')}
        </Text>
        <Text size="sm">{auditActionTitle(event.action, t)}</Text>
      </Group>
      {auditChanges(event).map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </Stack>
  );
}

/**
 * The "Audit trail" of a user, newest first: when, who, what, and each changed field before → after. A list
 * rather than a table, so the changes stay readable in a phone-wide modal.
 */
export function AuditTrail({ uuid }: { uuid: string }) {
  const { t } = useTranslation('users');
  const list = useListParams();
  const audit = useUserAudit(uuid, list.params);
  const events = audit.data?.items ?? [];
  const pagination = audit.data?.context.pagination;

  return (
    <Stack gap="xs" component="section" aria-labelledby="audit-title">
      <Title order={3} size="h5" id="audit-title">
        {t('audit.title')}
      </Title>
      <QueryFailure query={audit} fallback={t('loadFailed')} />
      {audit.isPending && <Loader size="sm" aria-label={t('audit.loading')} />}
      {audit.isSuccess && events.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('audit.empty')}
        </Text>
      )}
      {events.length > 0 && (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="audit-title">
          {events.map((event) => (
            <AuditEntry key={event.id} event={event} />
          ))}
        </Stack>
      )}
      {pagination && pagination.total_count > pagination.per_page && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
