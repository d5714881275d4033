import {
  listEnvelope,
  listQuerySchema,
  platformInfoSchema,
  successEnvelope,
  walletListQuerySchema,
  walletSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies } from '../../http/replies';
import { requireUser } from '../../plugins/session';
import { pageOfWallets } from './wallets.service';

const tags = ['wallets'];

/** SPEC §7 "Money": the user's wallets, the admin's list of real wallets, currencies and the platform's facts. */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallets } = app;

  app.get(
    '/user/wallet/',
    {
      config: { access: 'session' },
      schema: {
        summary: 'List my wallets',
        tags,
        querystring: listQuerySchema,
        response: replies({ 200: listEnvelope(walletSchema) }, readErrors),
      },
    },
    async (request) => {
      // The user's wallets are those of the current user, read (and kept a moment) once for both calls.
      const own = (await app.currentUsers.view(requireUser(request).id)).wallets;
      return { success: true as const, data: pageOfWallets(own, request.query) };
    },
  );

  app.get(
    '/wallet',
    {
      config: { access: 'wallets.read' },
      schema: {
        summary: 'List wallets',
        tags,
        querystring: walletListQuerySchema,
        response: replies({ 200: listEnvelope(walletSchema) }, readErrors),
      },
    },
    async (request) => ({ success: true as const, data: await wallets.list(request.query) }),
  );

  app.get(
    '/wallet/export.csv',
    {
      config: { access: 'wallets.read' },
      schema: {
        summary: 'Export wallets as CSV',
        tags,
        querystring: walletListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) => sendCsv(reply, 'wallets', wallets.exportCsv(request.query, request.language)),
  );

  app.get(
    '/platform',
    {
      config: { access: 'session' },
      schema: {
        summary: "The platform's public details",
        tags,
        response: replies({ 200: successEnvelope(platformInfoSchema) }, readErrors),
      },
    },
    async () => ({ success: true as const, data: wallets.platformInfo() }),
  );
};
