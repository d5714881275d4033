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
import { requireUser } from '../../plugins/session';
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
  const { deps } = app;
  const { db } = deps;
  const manage = { access: 'users.manage' as const };

  app.get(
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
    async (request) => ({ success: true as const, data: await listUsers(db, request.query) }),
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

  app.post(
    '/user',
    {
      config: manage,
      schema: { summary: 'Create a user', tags, body: createUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    async (request) => ({ success: true as const, data: await createUser(db, requireUser(request).id, request.body) }),
  );

  app.post(
    '/user/block',
    {
      config: manage,
      schema: { summary: 'Block users', tags, body: blockUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    async (request) => {
      const blocked = await setBlocked(db, requireUser(request).id, request.body.uuid, true, request.body.comment);
      app.sessions.forgetUser(request.body.uuid);
      return { success: true as const, data: blocked };
    },
  );

  app.post(
    '/user/unblock',
    {
      config: manage,
      schema: { summary: 'Unblock users', tags, body: unblockUserSchema, response: replies({ 200: one }, writeErrors) },
    },
    async (request) => {
      const unblocked = await setBlocked(db, requireUser(request).id, request.body.uuid, false, null);
      app.sessions.forgetUser(request.body.uuid);
      return { success: true as const, data: unblocked };
    },
  );

  app.get(
    '/user/:uuid',
    {
      config: manage,
      schema: { summary: 'One user', tags, params: uuidParams, response: replies({ 200: one }, readErrors) },
    },
    async (request) => ({ success: true as const, data: await loadUser(db, request.params.uuid) }),
  );

  app.post(
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
    async (request) => {
      const updated = await updateUser(db, requireUser(request), request.params.uuid, request.body);
      // This process forgets the user at once; the others hear of it from the database (plugins/session.ts).
      app.sessions.forgetUser(request.params.uuid);
      return { success: true as const, data: updated };
    },
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await userAuditTrail(db, request.params.uuid, request.query),
    }),
  );

  app.get(
    '/role',
    {
      config: manage,
      schema: {
        summary: 'List roles',
        tags,
        response: replies({ 200: successEnvelope(z.array(roleSchema)) }, readErrors),
      },
    },
    async () => ({ success: true as const, data: adminRoleList() }),
  );

  app.get(
    '/permission',
    {
      config: manage,
      schema: {
        summary: 'List permissions',
        tags,
        response: replies({ 200: successEnvelope(z.array(permissionSchema)) }, readErrors),
      },
    },
    async () => ({ success: true as const, data: permissionList() }),
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await agentTraders(db, requireUser(request).id, request.query),
    }),
  );
};
