import {
  bankMessageToConfirmSchema,
  successEnvelope,
  terminalAutoSettleSchema,
  terminalSchema,
  waitingMatchedSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies, writeErrors } from '../../../http/replies';
import { typedRoutes } from '../../../http/route';
import { confirmBankMessage, listToConfirm } from './confirm';
import { matchWaitingMessages, setAutoSettleWeak } from './waiting';

const tags = ['terminals'];
const guidParams = z.object({ guid: z.uuid({ error: 'validation.invalid' }) });
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * What authenticity decides (DESIGN §19): the trader's confirmation of what a weakly authenticated message matched,
 * the admin's choice to let a terminal's weak messages settle by themselves, and the matching of the messages a
 * terminal received while it waited for approval.
 */
export const bankMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, config: app.config, reference: app.reference };

  asUser.get(
    '/trader/bank-message/to-confirm',
    {
      config: { access: 'terminals.confirm' },
      schema: {
        summary: 'Bank messages to confirm',
        description: "Weakly authenticated bank messages that matched the trader's open pay-ins, newest first.",
        tags,
        response: replies({ 200: successEnvelope(z.array(bankMessageToConfirmSchema)) }, readErrors),
      },
    },
    (request, user) => listToConfirm(deps, user, request.language),
  );

  asUser.post(
    '/trader/bank-message/:id/confirm/',
    {
      config: { access: 'terminals.confirm' },
      schema: {
        summary: 'Confirm a bank message: its pay-in is paid',
        tags,
        params: idParams,
        response: replies({ 200: successEnvelope(z.object({ order_guid: z.string() })) }, writeErrors),
      },
    },
    (request, user) => confirmBankMessage(deps, user, request.params.id),
  );

  asUser.patch(
    '/terminal/:guid/auto-settle/',
    {
      config: { access: 'devices.manage' },
      schema: {
        summary: "Let a terminal's weakly authenticated messages settle by themselves",
        tags,
        params: guidParams,
        body: terminalAutoSettleSchema,
        response: replies({ 200: successEnvelope(terminalSchema) }, writeErrors),
      },
    },
    (request, user) =>
      setAutoSettleWeak(deps, user, request.params.guid, request.body.auto_settle_weak, request.language),
  );

  asUser.post(
    '/terminal/:guid/notification/match-waiting/',
    {
      config: { access: 'devices.manage' },
      schema: {
        summary: 'Match the messages received while waiting for approval',
        tags,
        params: guidParams,
        response: replies({ 200: successEnvelope(waitingMatchedSchema) }, writeErrors),
      },
    },
    (request, user) => matchWaitingMessages(deps, user, request.params.guid),
  );
};
