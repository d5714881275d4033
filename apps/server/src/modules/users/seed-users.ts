import type { Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import * as repo from './users.repository';

/**
 * A user the demo's seed puts in place directly, as no screen would (no invite, no audit): its row, its trader
 * profile, its fee tiers and its agent links, each link naming its agent by a username seeded with it.
 */
export interface SeededUser {
  user: repo.NewUser & { username: string };
  trader?: repo.NewTraderProfile;
  fees?: Omit<repo.NewFee, 'id'>[];
  agentLinks?: (Omit<repo.NewAgentLink, 'agentId'> & { agent: string })[];
}

/**
 * Seeds users (each with its ledger accounts, as any new user gets them), then their fee tiers, then their agent links,
 * in the order given. Returns each user's id by its username.
 */
export async function seedUsers(tx: Tx, seeded: SeededUser[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { user, trader } of seeded) ids.set(user.username, (await repo.insertUser(tx, user, trader)).id);
  const id = (username: string) => ids.get(username) ?? '';
  for (const { user, fees } of seeded) {
    if (fees)
      await repo.replaceFees(
        tx,
        id(user.username),
        fees.map((fee) => ({ id: newId(), ...fee })),
      );
  }
  for (const { user, agentLinks } of seeded) {
    if (!agentLinks) continue;
    const links = agentLinks.map(({ agent, ...link }) => ({ ...link, agentId: id(agent) }));
    await repo.replaceAgentLinks(tx, id(user.username), links);
  }
  return ids;
}
