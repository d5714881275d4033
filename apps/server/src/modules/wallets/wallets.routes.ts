import {
  currencySchema,
  errorEnvelopeSchema,
  listEnvelope,
  listQuerySchema,
  platformInfoSchema,
  successEnvelope,
  USDT,
  walletListQuerySchema,
  walletSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import type { WalletsService } from './wallets.service';

const errors = { '4xx': errorEnvelopeSchema };
const tags = ['wallets'];

function holderOf(request: { user: { id: string; username: string } | null }) {
  if (!request.user) throw new DomainError('unauthenticated');
  return { id: request.user.id, username: request.user.username };
}

/** SPEC §7 "Money": the user's wallets, the admin's list of real wallets, currencies and the platform's facts. */
export const walletsRoutes: FastifyPluginAsyncZod<{ wallets: WalletsService }> = async (app, { wallets }) => {
  app.get(
    '/user/wallet/',
    {
      config: { access: 'session' },
      schema: { tags, querystring: listQuerySchema, response: { 200: listEnvelope(walletSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await wallets.listOwn(holderOf(request), request.query) }),
  );

  app.get(
    '/wallet',
    {
      config: { access: 'wallets' },
      schema: { tags, querystring: walletListQuerySchema, response: { 200: listEnvelope(walletSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await wallets.list(request.query) }),
  );

  app.get(
    '/currency/crypto/',
    { config: { access: 'session' }, schema: { tags, response: { 200: successEnvelope(z.array(currencySchema)) } } },
    async () => ({ success: true as const, data: [USDT] }),
  );

  app.get(
    '/platform',
    {
      config: { access: 'session' },
      schema: { tags, response: { 200: successEnvelope(platformInfoSchema), ...errors } },
    },
    async () => ({ success: true as const, data: wallets.platformInfo() }),
  );
};
