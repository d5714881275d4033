import type { UserType } from '@paydesk/contract';
import { Client, createUser, type TestContext } from './harness';

/** A user of each role a route must refuse or serve: a name, its type and its admin roles. */
export type RoleSpec = [name: string, type: UserType, roles: string[]];

/** The roles most route tests check besides the world's own users: a support admin and each other type. */
export const otherRoles: RoleSpec[] = [
  ['support', 'admin', ['support']],
  ['merchant', 'merchant', []],
  ['agent', 'agent', []],
  ['partner', 'partner', []],
];

/** Signs in a fresh user of each role; the answer finds a role's browser client by its name. */
export async function roleClients(ctx: TestContext, roles: RoleSpec[] = otherRoles) {
  const clients = new Map<string, Client>();
  for (const [name, type, userRoles] of roles) {
    const user = await createUser(ctx.database, { type, roles: userRoles });
    clients.set(name, await new Client(ctx.app).signIn(user.username));
  }
  return (name: string): Client => {
    const client = clients.get(name);
    if (!client) throw new Error(`no client ${name}`);
    return client;
  };
}
