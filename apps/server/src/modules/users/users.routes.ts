import {
  agentTraderSchema,
  auditEventSchema,
  blockUserSchema,
  createUserSchema,
  errorEnvelopeSchema,
  listEnvelope,
  listQuerySchema,
  passwordSetupSchema,
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
import { DomainError } from '../../lib/errors';
import type { UsersService } from './users.service';

const errors = { '4xx': errorEnvelopeSchema };
const one = { 200: successEnvelope(userSchema), ...errors };
const uuidParams = z.object({ uuid: z.uuid({ error: 'validation.invalid' }) });
const tags = ['users'];

function actorOf(request: { user: { id: string } | null }): string {
  if (!request.user) throw new DomainError('unauthenticated');
  return request.user.id;
}

/** SPEC §7 "Users", §2.7 agent traders and the invite-link password setup. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const manage = { access: 'manageUsers' as const };

  app.get(
    '/user',
    {
      config: manage,
      schema: { tags, querystring: userListQuerySchema, response: { 200: listEnvelope(userSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await users.list(request.query) }),
  );

  app.post('/user', { config: manage, schema: { tags, body: createUserSchema, response: one } }, async (request) => ({
    success: true as const,
    data: await users.create(actorOf(request), request.body),
  }));

  app.post(
    '/user/block',
    { config: manage, schema: { tags, body: blockUserSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await users.setBlocked(actorOf(request), request.body.uuid, true, request.body.comment),
    }),
  );

  app.post(
    '/user/unblock',
    { config: manage, schema: { tags, body: unblockUserSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await users.setBlocked(actorOf(request), request.body.uuid, false, null),
    }),
  );

  app.get('/user/:uuid', { config: manage, schema: { tags, params: uuidParams, response: one } }, async (request) => ({
    success: true as const,
    data: await users.get(request.params.uuid),
  }));

  app.post(
    '/user/:uuid',
    { config: manage, schema: { tags, params: uuidParams, body: updateUserSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await users.update(actorOf(request), request.params.uuid, request.body),
    }),
  );

  app.get(
    '/user/:uuid/audit',
    {
      config: manage,
      schema: {
        tags,
        params: uuidParams,
        querystring: listQuerySchema,
        response: { 200: listEnvelope(auditEventSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await users.auditTrail(request.params.uuid, request.query) }),
  );

  app.get(
    '/role',
    { config: manage, schema: { tags, response: { 200: successEnvelope(z.array(roleSchema)), ...errors } } },
    async () => ({ success: true as const, data: users.roles() }),
  );

  app.get(
    '/permission',
    { config: manage, schema: { tags, response: { 200: successEnvelope(z.array(permissionSchema)), ...errors } } },
    async () => ({ success: true as const, data: users.permissions() }),
  );

  app.get(
    '/agent/trader/',
    {
      config: { access: 'agentTraders' },
      schema: { tags, querystring: listQuerySchema, response: { 200: listEnvelope(agentTraderSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await users.agentTraders(actorOf(request), request.query) }),
  );

  app.post(
    '/password/setup',
    {
      config: { access: 'public' },
      schema: { tags, body: passwordSetupSchema, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      await users.acceptInvite(request.body.code, request.body.new_password);
      return { success: true as const, data: null };
    },
  );
};
