import type { OrderStatus, OrderType } from '@paydesk/contract';
import { DomainError } from '../../lib/errors';

/**
 * The lifecycle of an order (DESIGN §5, §12, §16) as data: every edge of a pay-in and a pay-out, dispute edges
 * included — from, event, to, who may, the guard, the money it moves and the webhook it announces. Every move of an
 * order goes through `edgeOf`; a move that is not an edge here is a 409 (`order_status_conflict`), never a second
 * settlement. Each edge also writes a line of the order's timeline and tells its parties in real time. The state
 * diagram of the docs (`docs/order-lifecycle.md`) is generated from this table.
 */

export type OrderEvent =
  | 'create'
  | 'payer_reported'
  | 'mark_paid'
  | 'take'
  | 'cancel'
  | 'expire'
  | 'dispute_open'
  | 'dispute_resolve'
  | 'dispute_reject';

/** Who may move an order: the timeline names the kind. */
export type ActorKind = 'merchant' | 'payer' | 'executor' | 'admin' | 'terminal' | 'system';

/** Who an order's `paidBy` names: the actor that marked it paid, or the dispute whose resolution paid it. */
export type PaidBy = ActorKind | 'dispute';

/**
 * The money an edge moves: `hold` takes the order's hold (a pay-in's from its executor, a pay-out's from its
 * merchant), `settle` pays the hold out to every party, `release` gives it back whole, `resolution` posts what the
 * dispute's resolution computed (DESIGN §12).
 */
export type MoneyEffect = 'hold' | 'settle' | 'release' | 'resolution' | 'none';

export type WebhookAnnounced = 'order.created' | 'order.paid' | 'order.canceled' | 'dispute.opened' | 'dispute.closed';

/**
 * The check an edge asks of anti-fraud's rules (DESIGN §13): `created` for a pay-in with a payer, `canceled` for an
 * order an executor had, `disputed` always.
 */
export type CheckAnnounced = 'created' | 'canceled' | 'disputed';

/** The columns a use case supplies with a move: the executor that takes a pay-out, the amounts a resolution set. */
export type GivenColumn =
  | 'executorId'
  | 'executorType'
  | 'executorFeeHundredths'
  | 'agentShares'
  | 'fiatAmountMinor'
  | 'cryptoAmountMinor'
  | 'holdMinor';

/** The order's columns an edge writes besides its status and `updatedAt`; nothing else writes them. */
export interface EdgeWrites {
  /** `paidAt` now, `paidBy` the actor's kind, or `dispute` when a resolution pays a canceled order. */
  paid?: 'actor' | 'dispute';
  /** `canceledAt` now. */
  canceled?: true;
  /** `takenAt` now. */
  taken?: true;
  /** The time to pay counts again from now (DESIGN §5): a new `expiresAt` and a new expiry job. */
  restartsExpiry?: true;
  /** `statusBeforeDispute`: the status the order leaves, kept to go back to (`remember`), or cleared (`forget`). */
  statusBeforeDispute?: 'remember' | 'forget';
  /** What the use case supplies; a move that supplies anything else is a bug, refused before it writes. */
  given?: readonly GivenColumn[];
}

/** What a guard may look at: the order as it is, locked. */
export interface GuardedOrder {
  status: string;
  executorId: string | null;
  statusBeforeDispute: string | null;
  expiresAt: Date | null;
}

export interface Guard {
  /** What it requires, in words, for the diagram. */
  text: string;
  holds: (order: GuardedOrder, now: Date) => boolean;
}

export interface Edge {
  type: OrderType;
  /** null: the order does not exist yet. */
  from: OrderStatus | null;
  event: OrderEvent;
  to: OrderStatus;
  who: readonly ActorKind[];
  guard?: Guard;
  /** What it writes on the order. */
  writes: EdgeWrites;
  money: MoneyEffect;
  /** What it announces: the merchant's webhook and anti-fraud's check. */
  webhook: WebhookAnnounced | null;
  checks?: CheckAnnounced;
}

const expired: Guard = {
  text: 'past its time',
  holds: (order, now) => order.expiresAt !== null && order.expiresAt.getTime() <= now.getTime(),
};
const taken: Guard = { text: 'taken by an executor', holds: (order) => order.executorId !== null };
const untaken: Guard = { text: 'not taken yet', holds: (order) => order.executorId === null };
const wasPaid: Guard = { text: 'was paid', holds: (order) => order.statusBeforeDispute === 'paid' };
const wasCanceled: Guard = { text: 'was canceled', holds: (order) => order.statusBeforeDispute === 'canceled' };

/** A resolution may change what the order is worth (DESIGN §12). */
const resolvedAmounts: readonly GivenColumn[] = ['fiatAmountMinor', 'cryptoAmountMinor', 'holdMinor'];

/** The dispute edges of DESIGN §12, alike for both types. */
const disputeEdges = (type: OrderType): Edge[] => [
  {
    type,
    from: 'paid',
    event: 'dispute_open',
    to: 'dispute',
    who: ['merchant', 'admin'],
    writes: { statusBeforeDispute: 'remember' },
    money: 'none',
    webhook: 'dispute.opened',
    checks: 'disputed',
  },
  {
    type,
    from: 'canceled',
    event: 'dispute_open',
    to: 'dispute',
    who: ['merchant', 'admin', 'payer'],
    guard: taken,
    writes: { statusBeforeDispute: 'remember' },
    money: 'none',
    webhook: 'dispute.opened',
    checks: 'disputed',
  },
  {
    type,
    from: 'dispute',
    event: 'dispute_resolve',
    to: 'paid',
    who: ['admin'],
    guard: wasPaid,
    writes: { statusBeforeDispute: 'forget', given: resolvedAmounts },
    money: 'resolution',
    webhook: 'dispute.closed',
  },
  {
    type,
    from: 'dispute',
    event: 'dispute_resolve',
    to: 'paid',
    who: ['admin'],
    guard: wasCanceled,
    writes: { statusBeforeDispute: 'forget', paid: 'dispute', given: resolvedAmounts },
    money: 'resolution',
    webhook: 'dispute.closed',
  },
  {
    type,
    from: 'dispute',
    event: 'dispute_reject',
    to: 'paid',
    who: ['admin'],
    guard: wasPaid,
    writes: { statusBeforeDispute: 'forget' },
    money: 'none',
    webhook: 'dispute.closed',
  },
  {
    type,
    from: 'dispute',
    event: 'dispute_reject',
    to: 'canceled',
    who: ['admin'],
    guard: wasCanceled,
    writes: { statusBeforeDispute: 'forget' },
    money: 'none',
    webhook: 'dispute.closed',
  },
];

export const lifecycle: readonly Edge[] = [
  // Pay-in: the payer is given a requisite (new), says it paid (in-progress), the executor or its terminal sees the
  // money (paid); unpaid, it is canceled by the merchant, an admin or its time.
  {
    type: 'pay_in',
    from: null,
    event: 'create',
    to: 'new',
    who: ['merchant'],
    writes: { restartsExpiry: true },
    money: 'hold',
    webhook: 'order.created',
    checks: 'created',
  },
  {
    type: 'pay_in',
    from: 'new',
    event: 'payer_reported',
    to: 'in-progress',
    who: ['merchant', 'payer'],
    writes: { restartsExpiry: true },
    money: 'none',
    webhook: null,
  },
  ...(['new', 'in-progress'] as const).flatMap((from): Edge[] => [
    {
      type: 'pay_in',
      from,
      event: 'mark_paid',
      to: 'paid',
      who: ['executor', 'terminal'],
      writes: { paid: 'actor' },
      money: 'settle',
      webhook: 'order.paid',
    },
    {
      type: 'pay_in',
      from,
      event: 'cancel',
      to: 'canceled',
      who: ['merchant', 'admin'],
      writes: { canceled: true },
      money: 'release',
      webhook: 'order.canceled',
      checks: 'canceled',
    },
    {
      type: 'pay_in',
      from,
      event: 'expire',
      to: 'canceled',
      who: ['system'],
      guard: expired,
      writes: { canceled: true },
      money: 'release',
      webhook: 'order.canceled',
      checks: 'canceled',
    },
  ]),
  ...disputeEdges('pay_in'),
  // Pay-out: open to the flow's executors (new), taken by one (in-progress), confirmed by it (paid). Only an untaken
  // one is canceled: a taken one may have its money on the way.
  {
    type: 'pay_out',
    from: null,
    event: 'create',
    to: 'new',
    who: ['merchant'],
    writes: { restartsExpiry: true },
    money: 'hold',
    webhook: 'order.created',
  },
  {
    type: 'pay_out',
    from: 'new',
    event: 'take',
    to: 'in-progress',
    who: ['executor'],
    guard: untaken,
    writes: { taken: true, given: ['executorId', 'executorType', 'executorFeeHundredths', 'agentShares'] },
    money: 'none',
    webhook: null,
  },
  {
    type: 'pay_out',
    from: 'in-progress',
    event: 'mark_paid',
    to: 'paid',
    who: ['executor'],
    writes: { paid: 'actor' },
    money: 'settle',
    webhook: 'order.paid',
  },
  {
    type: 'pay_out',
    from: 'new',
    event: 'cancel',
    to: 'canceled',
    who: ['merchant', 'admin'],
    writes: { canceled: true },
    money: 'release',
    webhook: 'order.canceled',
  },
  {
    type: 'pay_out',
    from: 'new',
    event: 'expire',
    to: 'canceled',
    who: ['system'],
    guard: expired,
    writes: { canceled: true },
    money: 'release',
    webhook: 'order.canceled',
  },
  ...disputeEdges('pay_out'),
];

/**
 * The edge an event takes an order along, for this actor, now; `order_status_conflict` when there is none (the
 * order's status does not allow it, its guard does not hold, or the actor may not).
 */
export function edgeOf(
  order: GuardedOrder & { type: string },
  event: OrderEvent,
  actor: ActorKind,
  now = new Date(),
): Edge {
  const edge = lifecycle.find(
    (candidate) =>
      candidate.type === order.type &&
      candidate.from === order.status &&
      candidate.event === event &&
      candidate.who.includes(actor) &&
      (candidate.guard?.holds(order, now) ?? true),
  );
  if (!edge) throw new DomainError('order_status_conflict');
  return edge;
}

/** The edge every order of a type is created by. */
export function creationEdge(type: OrderType): Edge {
  const edge = lifecycle.find((candidate) => candidate.type === type && candidate.event === 'create');
  if (!edge) throw new Error(`no creation edge for ${type}`);
  return edge;
}

/** Open orders: money is held for them. */
export const isOpen = (status: string) => status === 'new' || status === 'in-progress';

/** Whether a dispute may open on the order (DESIGN §12): an edge of the table says so. */
export const canDispute = (order: GuardedOrder & { type: string }) =>
  lifecycle.some(
    (edge) =>
      edge.type === order.type &&
      edge.from === order.status &&
      edge.event === 'dispute_open' &&
      (edge.guard?.holds(order, new Date()) ?? true),
  );

const typeTitles: Record<OrderType, string> = { pay_in: 'Pay-in', pay_out: 'Pay-out' };

/** An edge's writes in words, for the diagram. */
function writesText(writes: EdgeWrites): string[] {
  return [
    ...(writes.paid ? [`paid by ${writes.paid === 'actor' ? 'the actor' : 'the dispute'}`] : []),
    ...(writes.canceled ? ['canceled at'] : []),
    ...(writes.taken ? ['taken at'] : []),
    ...(writes.restartsExpiry ? ['time to pay from now'] : []),
    ...(writes.statusBeforeDispute ? [`${writes.statusBeforeDispute}s the status`] : []),
    ...(writes.given?.length ? [`sets ${writes.given.join(', ')}`] : []),
  ];
}

/**
 * The state diagram of one order type, in Mermaid, from the table: each edge labelled event, who, guard, what it
 * writes, money, webhook and check.
 */
export function lifecycleDiagram(type: OrderType): string {
  const node = (status: OrderStatus | null) => (status === null ? '[*]' : status.replace('-', '_'));
  const lines = [
    'stateDiagram-v2',
    `  %% ${typeTitles[type]}: generated from apps/server/src/modules/orders/lifecycle.ts`,
  ];
  for (const edge of lifecycle.filter((candidate) => candidate.type === type)) {
    const parts = [
      edge.event,
      `by ${edge.who.join(', ')}`,
      ...(edge.guard ? [`if ${edge.guard.text}`] : []),
      ...writesText(edge.writes),
      ...(edge.money === 'none' ? [] : [`money: ${edge.money}`]),
      ...(edge.webhook ? [edge.webhook] : []),
      ...(edge.checks ? [`check: ${edge.checks}`] : []),
    ];
    lines.push(`  ${node(edge.from)} --> ${node(edge.to)}: ${parts.join(' · ')}`);
  }
  return lines.join('\n');
}

/** The whole document of docs/order-lifecycle.md. */
export function lifecycleDocument(): string {
  return [
    '# Order lifecycle',
    '',
    'Generated from `apps/server/src/modules/orders/lifecycle.ts` by `npm run docs:lifecycle --workspace apps/server`;',
    'a test fails when this file and the table differ. Every move of an order is an edge below; any other move is a',
    '409 (`order_status_conflict`). Each edge writes a line of the order’s timeline and tells its parties in real time.',
    '',
    ...(['pay_in', 'pay_out'] as const).flatMap((type) => [
      `## ${typeTitles[type]}`,
      '',
      '```mermaid',
      lifecycleDiagram(type),
      '```',
      '',
    ]),
  ].join('\n');
}
