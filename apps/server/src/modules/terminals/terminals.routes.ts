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
    app.get(path, { config: { access: 'terminals.read' }, schema: { ...list, summary } }, async (request) => ({
      success: true as const,
      data: await listTerminals(deps, requireUser(request), request.query, request.language),
    }));
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

  app.put(
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
    async (request) => ({
      success: true as const,
      data: await updateTerminal(deps, requireUser(request), request.params.guid, request.body, request.language),
    }),
  );

  app.delete(
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
    async (request) => ({
      success: true as const,
      data: await deleteTerminal(deps, requireUser(request), request.params.guid),
    }),
  );

  app.post(
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
    async (request) => ({
      success: true as const,
      data: await renewPairingCode(
        deps,
        requireUser(request),
        request.params.guid,
        originOf(request),
        request.language,
      ),
    }),
  );

  // Pause: an admin's (disabled_by_admin) or the trader's own (disabled).
  app.post(
    '/terminal/:guid/disable/',
    {
      config: { access: 'terminals.write' },
      schema: { summary: 'Disable a terminal', tags, params: guidParams, response: replies({ 200: one }, writeErrors) },
    },
    async (request) => ({
      success: true as const,
      data: await moveTerminal(deps, requireUser(request), request.params.guid, 'disable', request.language),
    }),
  );

  for (const [move, summary] of [
    ['moderate', 'Send a terminal to moderation'],
    ['enable', 'Enable a terminal'],
  ] as const) {
    app.post(
      `/terminal/:guid/${move}/`,
      {
        config: { access: 'devices.manage' },
        schema: { summary, tags, params: guidParams, response: replies({ 200: one }, writeErrors) },
      },
      async (request) => ({
        success: true as const,
        data: await moveTerminal(deps, requireUser(request), request.params.guid, move, request.language),
      }),
    );
  }

  app.patch(
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
    async (request) => ({
      success: true as const,
      data: await setTerminalMode(deps, requireUser(request), request.params.guid, request.body, request.language),
    }),
  );

  // A forwarding link (DESIGN §19): the trader's own SMS app posts its bank messages to it.
  const forwardingDeps = { ...deps, secrets: app.deps.secrets };
  app.get(
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
    async (request) => {
      const user = requireUser(request);
      return {
        success: true as const,
        data: await getForwarding(
          forwardingDeps,
          user,
          request.params.guid,
          originOf(request),
          request.language,
          can(user, 'terminals.write'),
        ),
      };
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

  app.delete(
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
    async (request) => ({
      success: true as const,
      data: await deleteForwarding(forwardingDeps, requireUser(request), request.params.guid),
    }),
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await listTerminalNotifications(
        deps,
        requireUser(request),
        request.params.guid,
        request.query,
        request.language,
      ),
    }),
  );
};
