import type { FeeDirection, User } from '@paydesk/contract';
import { formatAmountDisplay } from '../../../lib/format';

/** Percentage texts as the tables show them: "5 %", or a dash when there is none. */
export const noValue = '—';

export const percentText = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? noValue : `${value} %`;

/** SPEC §2.8: the pay-in and pay-out percentages of a user are those of the first fee row of that direction. */
export function firstFeePercentage(user: User, direction: FeeDirection): string {
  const fee = user.profile?.fees.find((candidate) => candidate.direction === direction);
  return percentText(fee?.percentage);
}

/** "0 – 1000", "1000 – ∞": an open upper bound is unlimited (SPEC §3 Fee). */
export function feeRangeText(min: string, max: string | null): string {
  return `${formatAmountDisplay(min)} – ${max === null ? '∞' : formatAmountDisplay(max)}`;
}

/** The invite link a new user opens to set a password (SPEC §2.8). */
export function inviteLinkOf(code: string): string {
  return `${window.location.origin}/invite_code?code=${encodeURIComponent(code)}`;
}
