import {
  agentTraderSchema,
  auditEventSchema,
  blockUserSchema,
  createUserSchema,
  listEnvelope,
  listQuerySchema,
  permissionSchema,
  roleSchema,
  successEnvelope,
  unblockUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { setBlocked } from './block-user';
import { createUser } from './create-user';
import { updateUser } from './update-user';
import {
  adminRoleList,
  agentTraders,
  exportUsers,
  listUsers,
  loadUser,
  permissionList,
  userAuditTrail,
} from './users.read';

const tags = ['users'];
const one = successEnvelope(userSchema);
const uuidParams = z.object({ uuid: z.uuid({ error: 'validation.invalid' }) });

/** SPEC §7 "Users", §2.7 agent traders and the invite-link password setup. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  userLists(app);
  userChanges(app);
  userFacts(app);
};

/** The users' list and its export. */
function userLists(app: ZodApp) {
  const { answering } = typedRoutes(app);
  const { db } = app.deps;
  const manage = { access: 'users.manage' as const };

  answering.get(
    '/user',
    {
      config: manage,
      schema: {
        summary: 'List users',
        tags,
        querystring: userListQuerySchema,
        response: replies({ 200: listEnvelope(userSchema) }, readErrors),
      },
    },
    (request) => listUsers(db, request.query),
  );

  app.get(
    '/user/export.csv',
    {
      config: manage,
      schema: {
        summary: 'Export users as CSV',
        tags,
        querystring: userListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) => sendCsv(reply, 'users', exportUsers(db, request.query, request.language)),
  );
}

/** A new user, blocking and unblocking, one user and its change. */
function userChanges(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const { db } = app.deps;
  const manage = { access: 'users.manage' as const };

  asUser.post(
    '/user',
    {
      config: manage,
      schema: { summary: 'Create a user', tags, body: createUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    (request, user) => createUser(db, user.id, request.body),
  );

  asUser.post(
    '/user/block',
    {
      config: manage,
      schema: { summary: 'Block users', tags, body: blockUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    async (request, user) => {
      const blocked = await setBlocked(db, user.id, request.body.uuid, true, request.body.comment);
      app.sessions.forgetUser(request.body.uuid);
      return blocked;
    },
  );

  asUser.post(
    '/user/unblock',
    {
      config: manage,
      schema: { summary: 'Unblock users', tags, body: unblockUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    async (request, user) => {
      const unblocked = await setBlocked(db, user.id, request.body.uuid, false, null);
      app.sessions.forgetUser(request.body.uuid);
      return unblocked;
    },
  );

  answering.get(
    '/user/:uuid',
    {
      config: manage,
      schema: { summary: 'One user', tags, params: uuidParams, response: replies({ 200: one }, readErrors) },
    },
    (request) => loadUser(db, request.params.uuid),
  );

  asUser.post(
    '/user/:uuid',
    {
      config: manage,
      schema: {
        summary: 'Edit a user',
        tags,
        params: uuidParams,
        body: updateUserSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    async (request, user) => {
      const updated = await updateUser(db, user, request.params.uuid, request.body);
      // This process forgets the user at once; the others hear of it from the database (plugins/session.ts).
      app.sessions.forgetUser(request.params.uuid);
      return updated;
    },
  );
}

/** A user's audit trail, the admin roles and permissions, and an agent's traders. */
function userFacts(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const { db } = app.deps;
  const manage = { access: 'users.manage' as const };

  answering.get(
    '/user/:uuid/audit',
    {
      config: manage,
      schema: {
        summary: "A user's audit log",
        tags,
        params: uuidParams,
        querystring: listQuerySchema,
        response: replies({ 200: listEnvelope(auditEventSchema) }, readErrors),
      },
    },
    (request) => userAuditTrail(db, request.params.uuid, request.query),
  );

  answering.get(
    '/role',
    {
      config: manage,
      schema: {
        summary: 'List roles',
        tags,
        response: replies({ 200: successEnvelope(z.array(roleSchema)) }, readErrors),
      },
    },
    () => adminRoleList(),
  );

  answering.get(
    '/permission',
    {
      config: manage,
      schema: {
        summary: 'List permissions',
        tags,
        response: replies({ 200: successEnvelope(z.array(permissionSchema)) }, readErrors),
      },
    },
    () => permissionList(),
  );

  asUser.get(
    '/agent/trader/',
    {
      config: { access: 'agent.traders' },
      schema: {
        summary: 'List my traders (agent)',
        tags,
        querystring: listQuerySchema,
        response: replies({ 200: listEnvelope(agentTraderSchema) }, readErrors),
      },
    },
    (request, user) => agentTraders(db, user.id, request.query),
  );
}
