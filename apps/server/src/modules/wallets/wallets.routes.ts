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
import { typedRoutes } from '../../http/route';
import { pageOfWallets } from './wallets.service';

const tags = ['wallets'];

/** SPEC §7 "Money": the user's wallets, the admin's list of real wallets, currencies and the platform's facts. */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser, answering } = typedRoutes(app);
  const { wallets } = app;

  asUser.get(
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
    async (request, user) => {
      // The user's wallets are those of the current user, read (and kept a moment) once for both calls.
      const own = (await app.currentUsers.view(user.id)).wallets;
      return pageOfWallets(own, request.query);
    },
  );

  answering.get(
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
    (request) => wallets.list(request.query),
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

  answering.get(
    '/platform',
    {
      config: { access: 'session' },
      schema: {
        summary: "The platform's public details",
        tags,
        response: replies({ 200: successEnvelope(platformInfoSchema) }, readErrors),
      },
    },
    () => wallets.platformInfo(),
  );
};
