import {
  can,
  createdTerminalSchema,
  listEnvelope,
  successEnvelope,
  terminalDeletedSchema,
  terminalForwardingReadSchema,
  terminalForwardingSchema,
  terminalInputSchema,
  terminalListQuerySchema,
  terminalModeSchema,
  terminalNotificationListQuerySchema,
  terminalNotificationSchema,
  terminalSchema,
  terminalUpdateSchema,
} from '@paydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../http/public-origin';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { requireUser } from '../../plugins/session';
import { createForwarding, deleteForwarding, getForwarding } from './forwarding/forwarding.service';
import {
  createTerminal,
  deleteTerminal,
  listTerminalNotifications,
  listTerminals,
  moveTerminal,
  renewPairingCode,
  setTerminalMode,
  updateTerminal,
} from './terminals.service';

const tags = ['terminals'];
const one = successEnvelope(terminalSchema);
const created = successEnvelope(createdTerminalSchema);
const guidParams = z.object({ guid: z.uuid({ error: 'validation.invalid' }) });

const forwarding = successEnvelope(terminalForwardingSchema);
const deleted = successEnvelope(terminalDeletedSchema);

/** Where the device and the forwarding app reach us: the pairing QR and the forwarding URL start with it. */
const originOf = (request: FastifyRequest) => publicOrigin(request.server.config, request);

/** SPEC §7 "Anti-fraud and terminals": terminals (§2.18) and the admin's devices (§2.17). */
export const terminalsRoutes: FastifyPluginAsyncZod = async (app) => {
  terminalLists(app);
  terminalLife(app);
  terminalModeration(app);
  forwardingRoutes(app);
  notificationRoutes(app);
};

/** The terminals' lists, a new terminal and a change of one. */
function terminalLists(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };
  const list = {
    tags,
    querystring: terminalListQuerySchema,
    response: replies({ 200: listEnvelope(terminalSchema) }, readErrors),
  };

  for (const [path, summary] of [
    ['/terminal', 'List terminals'],
    ['/trader/terminal', 'List my terminals'],
  ] as const) {
    asUser.get(path, { config: { access: 'terminals.read' }, schema: { ...list, summary } }, (request, user) =>
      listTerminals(deps, user, request.query, request.language),
    );
  }

  app.post(
    '/terminal',
    {
      config: { access: 'terminals.create' },
      schema: {
        summary: 'Add a terminal',
        tags,
        body: terminalInputSchema,
        response: replies({ 201: created }, writeErrors),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await createTerminal(deps, requireUser(request), request.body, originOf(request), request.language),
      }),
  );

  asUser.put(
    '/terminal/:guid',
    {
      config: { access: 'terminals.write' },
      schema: {
        summary: 'Edit a terminal',
        tags,
        params: guidParams,
        body: terminalUpdateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    (request, user) => updateTerminal(deps, user, request.params.guid, request.body, request.language),
  );
}

/** A terminal deleted, its pairing code renewed, and paused. */
function terminalLife(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };
  asUser.delete(
    '/terminal/:guid/',
    {
      config: { access: 'terminals.write' },
      schema: {
        summary: 'Delete a terminal',
        tags,
        params: guidParams,
        response: replies({ 200: deleted }, writeErrors),
      },
    },
    (request, user) => deleteTerminal(deps, user, request.params.guid),
  );

  asUser.post(
    '/terminal/:guid/pairing_code/',
    {
      config: { access: 'terminals.write' },
      schema: {
        summary: 'Make a pairing code',
        tags,
        params: guidParams,
        response: replies({ 200: created }, writeErrors),
      },
    },
    (request, user) => renewPairingCode(deps, user, request.params.guid, originOf(request), request.language),
  );

  // Pause: an admin's (disabled_by_admin) or the trader's own (disabled).
  asUser.post(
    '/terminal/:guid/disable/',
    {
      config: { access: 'terminals.write' },
      schema: { summary: 'Disable a terminal', tags, params: guidParams, response: replies({ 200: one }, writeErrors) },
    },
    (request, user) => moveTerminal(deps, user, request.params.guid, 'disable', request.language),
  );
}

/** The admin's moves of a terminal and its mode. */
function terminalModeration(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };
  for (const [move, summary] of [
    ['moderate', 'Send a terminal to moderation'],
    ['enable', 'Enable a terminal'],
  ] as const) {
    asUser.post(
      `/terminal/:guid/${move}/`,
      {
        config: { access: 'devices.manage' },
        schema: { summary, tags, params: guidParams, response: replies({ 200: one }, writeErrors) },
      },
      (request, user) => moveTerminal(deps, user, request.params.guid, move, request.language),
    );
  }

  asUser.patch(
    '/terminal/:guid/mode/',
    {
      config: { access: 'devices.manage' },
      schema: {
        summary: "Set a terminal's mode",
        tags,
        params: guidParams,
        body: terminalModeSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    (request, user) => setTerminalMode(deps, user, request.params.guid, request.body, request.language),
  );
}

/** A terminal's forwarding link (DESIGN §19), read, made and deleted. */
function forwardingRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };
  // A forwarding link (DESIGN §19): the trader's own SMS app posts its bank messages to it.
  const forwardingDeps = { ...deps, secrets: app.deps.secrets };
  asUser.get(
    '/terminal/:guid/forwarding',
    {
      config: { access: 'terminals.read' },
      schema: {
        summary: "A terminal's forwarding link",
        description:
          'The URL and signing key for whoever may change the link (terminals.write); a reader who may not (a ' +
          'support admin) gets the summary: the app of the last message and when, never a secret.',
        tags,
        params: guidParams,
        response: replies({ 200: successEnvelope(terminalForwardingReadSchema) }, readErrors),
      },
    },
    async (request, user) => {
      return await getForwarding(
        forwardingDeps,
        user,
        request.params.guid,
        originOf(request),
        request.language,
        can(user, 'terminals.write'),
      );
    },
  );

  app.post(
    '/terminal/:guid/forwarding',
    {
      config: { access: 'terminals.write' },
      schema: {
        summary: 'Make a forwarding link',
        tags,
        params: guidParams,
        response: replies({ 200: forwarding, 201: forwarding }, writeErrors),
      },
    },
    async (request, reply) => {
      const result = await createForwarding(
        forwardingDeps,
        requireUser(request),
        request.params.guid,
        originOf(request),
        request.language,
      );
      return reply.code(result.created ? 201 : 200).send({ success: true as const, data: result.forwarding });
    },
  );

  asUser.delete(
    '/terminal/:guid/forwarding',
    {
      config: { access: 'terminals.write' },
      schema: {
        summary: 'Revoke the forwarding link',
        tags,
        params: guidParams,
        response: replies({ 200: deleted }, writeErrors),
      },
    },
    (request, user) => deleteForwarding(forwardingDeps, user, request.params.guid),
  );
}

/** A terminal's bank messages. */
function notificationRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };
  asUser.get(
    '/terminal/:guid/notification/',
    {
      config: { access: 'terminals.read' },
      schema: {
        summary: "A terminal's bank messages",
        description:
          "Newest first; `filter[outcome]=waiting` lists the messages received while the terminal waited for an admin's approval.",
        tags,
        params: guidParams,
        querystring: terminalNotificationListQuerySchema,
        response: replies({ 200: listEnvelope(terminalNotificationSchema) }, readErrors),
      },
    },
    (request, user) => listTerminalNotifications(deps, user, request.params.guid, request.query, request.language),
  );
}
