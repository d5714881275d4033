import { parseAmount, parseMoney, type profileInputSchema, USDT } from '@paydesk/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import { lockUnpaidInsurance, markInsurancePaid } from './insurance';
import * as repo from './users.repository';
import { fieldError } from './users.rules';

type Profile = z.output<typeof profileInputSchema>;

/** Percentages arrive as decimal text with two decimals and are kept as hundredths of a percent. */
const hundredths = (value: string) => Number(parseAmount(value, 2));

async function assertAgents(tx: Tx, field: string, links: { user_uuid: string }[] | undefined) {
  if (!links?.length) return;
  const agents = await repo.agentIdsAmong(
    tx,
    links.map((link) => link.user_uuid),
  );
  links.forEach((link, index) => {
    if (!agents.has(link.user_uuid)) throw fieldError(`profile.${field}.${index}.user_uuid`, 'validation.not_agent');
  });
}

/** Writes the fees, agent links and trader settings that the input carries; absent parts stay as they are. */
export async function applyProfile(tx: Tx, userId: string, profile: Profile | undefined) {
  if (!profile) return;
  await assertAgents(tx, 'referrals', profile.referrals);
  await assertAgents(tx, 'teamleads', profile.teamleads);
  if (profile.fees) {
    await repo.replaceFees(
      tx,
      userId,
      profile.fees.map((fee) => ({
        id: newId(),
        direction: fee.direction,
        minAmountMinor: parseMoney(fee.min_amount, USDT),
        maxAmountMinor: fee.max_amount === null ? null : parseMoney(fee.max_amount, USDT),
        percentageHundredths: hundredths(fee.percentage),
      })),
    );
  }
  const links:
    | { user_uuid: string; pay_in_percentage: string; pay_out_percentage: string; is_main?: boolean }[]
    | undefined = profile.teamleads ?? profile.referrals;
  if (links) {
    await repo.replaceAgentLinks(
      tx,
      userId,
      links.map((link) => ({
        agentId: link.user_uuid,
        payInHundredths: hundredths(link.pay_in_percentage),
        payOutHundredths: hundredths(link.pay_out_percentage),
        isMain: link.is_main ?? false,
      })),
    );
  }
  await repo.updateTraderProfile(tx, userId, {
    ...(profile.withdraw_open === undefined ? {} : { withdrawOpen: profile.withdraw_open }),
    ...(profile.deposit_open === undefined ? {} : { depositOpen: profile.deposit_open }),
    ...(profile.insurance_payment_amount === undefined
      ? {}
      : { insuranceAmountMinor: parseMoney(profile.insurance_payment_amount, USDT) }),
  });
  if (profile.insurance_payment_amount !== undefined) await settleInsurance(tx, userId);
}

/**
 * A trader whose insurance deposit already covers a lowered requirement (or a requirement of zero) is paid at once;
 * a raised requirement does not lock out a trader who has paid (DESIGN §4 fills insurance from deposits).
 */
export async function settleInsurance(tx: Tx, userId: string) {
  if ((await lockUnpaidInsurance(tx, userId)) === 0n) await markInsurancePaid(tx, userId);
}
