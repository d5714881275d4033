import { Badge, type MantineColor } from '@mantine/core';
import {
  type DisputeStatus,
  disputeStatuses,
  disputeStatusTone,
  type TerminalStatus,
  terminalStatuses,
  terminalStatusTone,
} from '@paydesk/contract';
import type { ReactNode } from 'react';

/** The theme colour of each tone the contract gives terminal and dispute statuses (SPEC §4: grey, warning, green, error). */
const toneColors = { grey: 'gray', warning: 'orange', success: 'green', error: 'red' } as const satisfies Record<
  (typeof terminalStatusTone)[TerminalStatus] | (typeof disputeStatusTone)[DisputeStatus],
  MantineColor
>;

const terminalPalette: Record<string, MantineColor> = Object.fromEntries(
  terminalStatuses.map((status) => [status, toneColors[terminalStatusTone[status]]]),
);

/** The dispute's own statuses from the contract's tones, which the server's webhooks and the APPEALS tab share. */
const disputePalette: Record<string, MantineColor> = Object.fromEntries(
  disputeStatuses.map((status) => [status, toneColors[disputeStatusTone[status]]]),
);

/**
 * Badge colours of SPEC §4, one palette per kind of status. Theme colour names keep both colour schemes readable;
 * a status missing from its palette gets the theme's primary colour.
 */
const palettes = {
  order: {
    paid: 'green',
    done: 'green',
    canceled: 'red',
    dispute: 'orange',
    appeal: 'orange',
    'in-progress': 'gray',
  },
  /** SPEC §4 dispute colours: open and paid profit, rejected warning, resolved and in-progress disabled, canceled error. */
  dispute: {
    ...disputePalette,
    paid: 'green',
    'in-progress': 'gray',
    canceled: 'red',
  },
  payment: {
    moderation: 'orange',
    pending: 'blue',
    done: 'green',
    rejected: 'red',
  },
  /** A merchant's webhook deliveries on Settings (issue 32 item 7): arrived, on its way again, given up, not sent. */
  webhook: { delivered: 'green', pending: 'gray', retrying: 'orange', failed: 'red', skipped: 'orange' },
  /** From the contract's tones, which the terminal cards' status dot follows too. */
  terminal: terminalPalette,
  /** DESIGN §13 directions: someone can serve it, nobody can though a flow is active, or no active flow at all. */
  direction: { ok: 'green', short: 'red', idle: 'gray' },
  /** Why an executor of a direction cannot take an order: ready in green, switched off in grey, the rest in red or orange. */
  directionExecutor: {
    ready: 'green',
    inactive: 'gray',
    blocked: 'red',
    anti_fraud: 'red',
    insurance_unpaid: 'orange',
    deposits_closed: 'orange',
    no_requisites: 'orange',
    no_balance: 'orange',
  },
} as const satisfies Record<string, Record<string, MantineColor>>;

export type StatusKind = keyof typeof palettes;

/** The badge colour of a status slug, or undefined for the theme's primary colour. */
export function statusColor(slug: string, kind: StatusKind = 'order'): MantineColor | undefined {
  const palette: Record<string, MantineColor> = palettes[kind];
  // Order statuses are written "in-progress" on the wire; accept "in_progress" too rather than show it uncoloured.
  const normalised = kind === 'terminal' || kind === 'directionExecutor' ? slug : slug.replace(/_/g, '-');
  return palette[normalised];
}

export interface StatusBadgeProps {
  slug: string;
  /** The status title from the server, already in the user's language; the slug is shown when it is missing. */
  label?: ReactNode;
  kind?: StatusKind;
}

export function StatusBadge({ slug, label, kind = 'order' }: StatusBadgeProps) {
  return (
    <Badge variant="light" color={statusColor(slug, kind)} data-status={slug}>
      {label ?? slug}
    </Badge>
  );
}
