import {
  type AntiFraudCase,
  type AntiFraudCaseRule,
  type AntiFraudListQuery,
  type AntiFraudSettings,
  type AntiFraudSettingsUpdate,
  type AvailableFilter,
  antiFraudCaseRules,
  antiFraudRules,
  type Language,
  type ListData,
  paginate,
  parseAmount,
  type ReceiptCheck,
  type ReceiptCheckResult,
} from '@paydesk/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Db, Executor } from '../../db/client';
import { countRows } from '../../db/count';
import { type Cursor, keyset, keysetChunks, readChunk } from '../../db/keyset';
import { type CsvColumn, csvStream } from '../../http/csv';
import { translate } from '../../i18n/messages';
import { dateRange } from '../../lib/date-range';
import { DomainError } from '../../lib/errors';
import { readEvidence } from '../../lib/evidence';
import { pageOf } from '../../lib/paging';
import { normalizeText, readAmount } from '../../lib/rouble-text';
import { recordAudit } from '../audit/audit.module';
import * as orders from '../orders/orders.module';
import { orders as ordersTable, type Viewer } from '../orders/orders.module';
import type { ReferenceData } from '../reference/reference.read';
import { requisites } from '../requisites/requisites.module';
import { users } from '../users/users.module';
import { checkOrders, type Settings, sweepOverduePayOuts } from './anti-fraud.rules';
import { antiFraudCases, antiFraudSettings } from './anti-fraud.table';

export interface AntiFraudDeps {
  db: Db;
  reference: ReferenceData;
}

/** Every rule's setting as stored, key → text (`''`: off). */
export async function readSettings(db: Executor): Promise<AntiFraudSettings> {
  const rows = await db.select().from(antiFraudSettings);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(antiFraudRules.map((rule) => [rule, stored.get(rule) ?? ''])) as AntiFraudSettings;
}

/** The settings as the rules read them: a number, or null for a rule switched off. */
export async function ruleSettings(db: Executor): Promise<Settings> {
  const settings = await readSettings(db);
  return new Map(antiFraudRules.map((rule) => [rule, settings[rule] === '' ? null : Number(settings[rule])]));
}

/** PUT /anti_fraud/settings/: the settings sent change, audited with what they were. */
export async function updateSettings(
  deps: AntiFraudDeps,
  adminId: string,
  input: AntiFraudSettingsUpdate,
): Promise<AntiFraudSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const changed = antiFraudRules.filter((rule) => input[rule] !== undefined && input[rule] !== before[rule]);
    for (const rule of changed) {
      await tx
        .insert(antiFraudSettings)
        .values({ key: rule, value: input[rule] ?? '', updatedBy: adminId })
        .onConflictDoUpdate({
          target: antiFraudSettings.key,
          set: { value: input[rule] ?? '', updatedBy: adminId, updatedAt: new Date() },
        });
    }
    if (changed.length > 0) {
      await recordAudit(tx, {
        actorId: adminId,
        action: 'anti_fraud.settings_changed',
        targetUserId: null,
        before: Object.fromEntries(changed.map((rule) => [rule, before[rule]])),
        after: Object.fromEntries(changed.map((rule) => [rule, input[rule] ?? ''])),
      });
    }
    return readSettings(tx);
  });
}

/** The job `anti_fraud.check`: the rules of an order event. */
export async function runChecks(db: Db, orderIds: string[], event: 'created' | 'canceled' | 'disputed') {
  return checkOrders(db, await ruleSettings(db), orderIds, event);
}

/** The job `anti_fraud.overdue-sweep`. */
export async function runOverdueSweep(db: Db) {
  return sweepOverduePayOuts(db, await ruleSettings(db));
}

const approvers = alias(users, 'approvers');
const targetUsers = alias(users, 'target_users');
const owners = alias(users, 'owners');

const caseColumns = {
  row: antiFraudCases,
  approver: approvers.username,
  targetUser: targetUsers.username,
  requisiteName: requisites.name,
  owner: owners.username,
};

function selectCases<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...caseColumns, ...(extra as Extra) })
    .from(antiFraudCases)
    .leftJoin(approvers, eq(approvers.id, antiFraudCases.approvedBy))
    .leftJoin(targetUsers, eq(targetUsers.id, antiFraudCases.targetUserId))
    .leftJoin(requisites, eq(requisites.id, antiFraudCases.targetRequisiteId))
    .leftJoin(owners, eq(owners.id, requisites.userId));
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof selectCases<Record<never, never>>>['execute']>>[number];

/** What a rule saw, in words: its evidence's numbers under their names in the viewer's language. */
function evidenceText(row: CaseRow['row'], language: Language): string {
  return Object.entries(row.evidence)
    .map(([name, value]) => `${translate(language, `anti_fraud.evidence.${name}`)}: ${value}`)
    .join('; ');
}

function caseView(found: CaseRow, language: Language): AntiFraudCase {
  const { row } = found;
  const target =
    row.targetKind === 'trader'
      ? { username: found.targetUser ?? '', label: found.targetUser ?? '' }
      : row.targetKind === 'requisite'
        ? { username: found.owner ?? '', label: `${found.requisiteName ?? ''} (${found.owner ?? ''})` }
        : {
            username: String(row.evidence.merchant ?? ''),
            label: `${row.targetClientId ?? ''} (${String(row.evidence.merchant ?? '')})`,
          };
  return {
    guid: row.id,
    created_at: row.createdAt.toISOString(),
    rule: { slug: row.rule as AntiFraudCaseRule, title: translate(language, `anti_fraud.rule.${row.rule}`) },
    target: { kind: row.targetKind as AntiFraudCase['target']['kind'], ...target },
    evidence: evidenceText(row, language),
    is_approved: row.approvedAt !== null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    approved_by: found.approver ? { username: found.approver } : null,
  };
}

function caseFilters(language: Language): AvailableFilter[] {
  return [
    {
      name: 'is_approved',
      label: 'filters.status',
      type: 'select',
      options: [
        { value: 'false', label: translate(language, 'anti_fraud.status.new') },
        { value: 'true', label: translate(language, 'anti_fraud.status.approved') },
      ],
    },
    {
      name: 'rule',
      label: 'filters.rule',
      type: 'multiselect',
      options: antiFraudCaseRules.map((rule) => ({
        value: rule,
        label: translate(language, `anti_fraud.rule.${rule}`),
      })),
    },
    { name: 'date_from', label: 'filters.date_from', type: 'date' },
    { name: 'date_to', label: 'filters.date_to', type: 'date' },
  ];
}

type CaseFilterQuery = Omit<AntiFraudListQuery, 'page' | 'count'>;

/** The condition of a list query's filters, shared by the list and its export. */
function caseConditions(query: CaseFilterQuery): SQL | undefined {
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  const approved = query['filter[is_approved]'];
  return and(
    approved === undefined
      ? undefined
      : approved === 'true'
        ? isNotNull(antiFraudCases.approvedAt)
        : isNull(antiFraudCases.approvedAt),
    query['filter[rule]']?.length ? inArray(antiFraudCases.rule, query['filter[rule]']) : undefined,
    from ? gte(antiFraudCases.createdAt, from) : undefined,
    until ? lt(antiFraudCases.createdAt, until) : undefined,
  );
}

/** The list's order: newest first. */
const caseKeys = keyset(antiFraudCases.createdAt, antiFraudCases.id, false);

/** GET /anti_fraud/: the cases, newest first, with filters and pagination. */
export async function listCases(
  deps: AntiFraudDeps,
  query: AntiFraudListQuery,
  language: Language,
): Promise<ListData<AntiFraudCase>> {
  const where = caseConditions(query);
  const { limit, offset } = pageOf(query);
  const [rows, count] = await Promise.all([
    selectCases(deps.db)
      .where(where)
      .orderBy(...caseKeys.orderBy)
      .limit(limit)
      .offset(offset),
    countRows(deps.db, deps.db.select({ id: antiFraudCases.id }).from(antiFraudCases).where(where)),
  ]);
  return {
    items: rows.map((row) => caseView(row, language)),
    context: { available_filters: caseFilters(language), pagination: paginate(count.total, query, count.estimated) },
  };
}

/** GET /anti_fraud/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
export function exportCases(deps: AntiFraudDeps, query: CaseFilterQuery, language: Language) {
  const where = caseConditions(query);
  const read = (after: Cursor | undefined, size: number) =>
    readChunk(selectCases(deps.db, caseKeys.cursor), caseKeys, where, after, size);
  async function* chunks() {
    for await (const rows of keysetChunks(read)) yield rows.map((row) => caseView(row, language));
  }
  return csvStream(caseCsvColumns, language, chunks());
}

/** PATCH /anti_fraud/{guid}/release: a new case is approved; its trader or requisite is matched again. */
export async function releaseCase(
  deps: AntiFraudDeps,
  adminId: string,
  id: string,
  language: Language,
): Promise<AntiFraudCase> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(antiFraudCases).where(eq(antiFraudCases.id, id)).for('update');
    if (!row) throw new DomainError('not_found');
    if (row.approvedAt) throw new DomainError('anti_fraud_case_released');
    await tx
      .update(antiFraudCases)
      .set({ approvedAt: new Date(), approvedBy: adminId })
      .where(eq(antiFraudCases.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'anti_fraud.case_released',
      targetUserId: row.targetUserId,
      after: { case: id, rule: row.rule, target: row.targetKey },
    });
  });
  const [found] = await selectCases(deps.db).where(eq(antiFraudCases.id, id));
  if (!found) throw new DomainError('not_found');
  return caseView(found, language);
}

const months: Record<string, number> = {
  январ: 1,
  феврал: 2,
  март: 3,
  апрел: 4,
  ма: 5,
  июн: 6,
  июл: 7,
  август: 8,
  сентябр: 9,
  октябр: 10,
  ноябр: 11,
  декабр: 12,
};

/** The days a receipt names: 23.11.2026, 2026-11-23 or 23 ноября 2026. */
export function readDates(text: string): string[] {
  const days = new Set<string>();
  const add = (year: number, month: number, day: number) => {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() === month - 1 && year >= 2000 && year <= 2999) days.add(date.toISOString().slice(0, 10));
  };
  for (const match of text.matchAll(/(?<!\d)(\d{2})\.(\d{2})\.(\d{4})(?!\d)/g)) {
    add(Number(match[3]), Number(match[2]), Number(match[1]));
  }
  for (const match of text.matchAll(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g)) {
    add(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  for (const match of text.toLowerCase().matchAll(/(?<!\d)(\d{1,2}) ([а-яё]{3,9}) (\d{4})(?!\d)/g)) {
    const month = Object.entries(months).find(([stem]) => (match[2] ?? '').startsWith(stem))?.[1];
    if (month) add(Number(match[3]), month, Number(match[1]));
  }
  return [...days].sort();
}

/** The sums in roubles a receipt names (each once), read as bank messages are. */
export function readAmounts(text: string): string[] {
  const found = new Set<string>();
  let rest = normalizeText(text);
  for (let guard = 0; guard < 50; guard += 1) {
    const amount = readAmount(rest);
    if (!amount) break;
    found.add(amount.value);
    rest = rest.slice(amount.end);
  }
  return [...found];
}

/** Days searched when the receipt names none. */
const undatedDays = 7;

/**
 * POST /anti_fraud/receipt/ (SPEC §2.16 receipts check): the PDF's text is read here, and the orders of one of its
 * sums created on one of its days (the last week when it names no day) are listed, newest first, fifty at most.
 */
export async function checkReceipt(
  deps: AntiFraudDeps,
  viewer: Viewer,
  input: ReceiptCheck,
  language: Language,
): Promise<ReceiptCheckResult> {
  const file = readEvidence(input.file);
  if (file.type !== 'application/pdf') {
    throw new DomainError('validation_failed', { file: ['anti_fraud.errors.receipt_pdf'] });
  }
  let text: string;
  try {
    const document = await getDocumentProxy(new Uint8Array(file.bytes));
    text = (await extractText(document, { mergePages: true })).text;
  } catch {
    throw new DomainError('validation_failed', { file: ['anti_fraud.errors.receipt_unreadable'] });
  }
  const amounts = readAmounts(text);
  const dates = readDates(text);
  if (amounts.length === 0) return { amounts, dates, orders: [] };
  const rub = deps.reference.currencies.get('RUB')?.ratioFraction ?? 2;
  const days =
    dates.length > 0
      ? dates.map((day) => dateRange(day, day))
      : [{ from: new Date(Date.now() - undatedDays * 86_400_000), until: new Date(Date.now() + 60_000) }];
  const matching = await deps.db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(
      and(
        inArray(
          ordersTable.fiatAmountMinor,
          amounts.map((amount) => parseAmount(amount, rub)),
        ),
        sql`(${sql.join(
          days.map(
            ({ from, until }) => sql`(${ordersTable.createdAt} >= ${from} and ${ordersTable.createdAt} < ${until})`,
          ),
          sql` or `,
        )})`,
      ),
    )
    .orderBy(desc(ordersTable.createdAt))
    .limit(50);
  const views = await orders.orderViewsOf(
    deps,
    viewer,
    matching.map((row) => row.id),
    language,
  );
  return {
    amounts,
    dates,
    orders: matching.flatMap((row) => {
      const view = views.get(row.id);
      return view ? [view] : [];
    }),
  };
}

/** The columns of the anti-fraud export (DESIGN §13): those of the cases list, dates in UTC. */
const caseCsvColumns: CsvColumn<AntiFraudCase>[] = [
  { header: 'csv.column.id', exact: true, cell: (item) => item.guid },
  { header: 'csv.column.created_at', exact: true, cell: (item) => item.created_at },
  { header: 'csv.column.rule', cell: (item) => item.rule.title },
  { header: 'csv.column.target_kind', exact: true, cell: (item) => item.target.kind },
  { header: 'csv.column.target', cell: (item) => item.target.label || item.target.username },
  { header: 'csv.column.evidence', cell: (item) => item.evidence },
  {
    header: 'csv.column.status',
    cell: (item, language) =>
      translate(language, item.is_approved ? 'anti_fraud.status.approved' : 'anti_fraud.status.new'),
  },
  { header: 'csv.column.approved_at', exact: true, cell: (item) => item.approved_at },
  { header: 'csv.column.approved_by', cell: (item) => item.approved_by?.username ?? null },
];
