import {
  balanceHistoryQuerySchema,
  balanceHistoryRowSchema,
  balanceSummarySchema,
  demoDepositSchema,
  depositCreditSchema,
  errorEnvelopeSchema,
  listEnvelope,
  merchantWithdrawalSchema,
  parseAmount,
  paymentListQuerySchema,
  paymentSchema,
  payoutRequestSchema,
  successEnvelope,
  systemBalanceSchema,
  USDT,
  withdrawalRejectSchema,
  withdrawalSentSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import type { PaymentsService } from './payments.service';
import type { DemoChain } from './sources/demo';

const errors = { '4xx': errorEnvelopeSchema };
const one = { 200: successEnvelope(paymentSchema), ...errors };
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const tags = ['payments'];

function userOf(request: { user: { id: string; username: string } | null }) {
  if (!request.user) throw new DomainError('unauthenticated');
  return request.user;
}

const depositOutcomeSchema = z.object({ credited: z.boolean(), payment: paymentSchema });

/** SPEC §7 "Money": withdrawals, the root admin's merchant withdrawal, deposits, payments and balances. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; demo: DemoChain | null }> = async (
  app,
  { payments, demo },
) => {
  app.post(
    '/wallet/withdrawals',
    { config: { access: 'payOut' }, schema: { tags, body: payoutRequestSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await payments.requestWithdrawal(userOf(request).id, request.body, request.language),
    }),
  );

  app.post(
    '/wallet/merchant_withdrawal',
    { config: { access: 'wallets' }, schema: { tags, body: merchantWithdrawalSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await payments.merchantWithdrawal(userOf(request), request.body, request.language),
    }),
  );

  app.post(
    '/wallet/deposits',
    {
      config: { access: 'wallets' },
      schema: { tags, body: depositCreditSchema, response: { 200: successEnvelope(depositOutcomeSchema), ...errors } },
    },
    async (request) => {
      const outcome = await payments.creditDeposit({
        txHash: request.body.tx_hash,
        address: request.body.address,
        amountMinor: parseAmount(request.body.amount, USDT.ratio_fraction),
        source: 'admin',
        actorId: userOf(request).id,
      });
      return {
        success: true as const,
        data: { credited: outcome.credited, payment: await payments.get(outcome.paymentId, request.language) },
      };
    },
  );

  if (demo) {
    app.post(
      '/wallet/demo_deposit',
      {
        config: { access: 'session' },
        schema: { tags, body: demoDepositSchema, response: { 200: successEnvelope(depositOutcomeSchema), ...errors } },
      },
      async (request) => {
        const amount = request.body.amount;
        const outcome = await demo.depositTo(
          userOf(request).id,
          amount === undefined ? undefined : parseAmount(amount, USDT.ratio_fraction),
        );
        return {
          success: true as const,
          data: { credited: outcome.credited, payment: await payments.get(outcome.paymentId, request.language) },
        };
      },
    );
  }

  app.get(
    '/transaction',
    {
      config: { access: 'payments' },
      schema: { tags, querystring: paymentListQuerySchema, response: { 200: listEnvelope(paymentSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await payments.list(request.query, request.language) }),
  );

  app.post(
    '/transaction/:id/accept',
    { config: { access: 'payments' }, schema: { tags, params: idParams, response: one } },
    async (request) => ({
      success: true as const,
      data: await payments.accept(userOf(request).id, request.params.id, request.language),
    }),
  );

  app.post(
    '/transaction/:id/reject',
    { config: { access: 'payments' }, schema: { tags, params: idParams, body: withdrawalRejectSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await payments.reject(userOf(request).id, request.params.id, request.body.comment, request.language),
    }),
  );

  app.post(
    '/transaction/:id/sent',
    { config: { access: 'payments' }, schema: { tags, params: idParams, body: withdrawalSentSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await payments.markSent(userOf(request).id, request.params.id, request.body.tx_hash, request.language),
    }),
  );

  app.get(
    '/my/transaction',
    {
      config: { access: 'balance' },
      schema: {
        tags,
        querystring: balanceHistoryQuerySchema,
        response: { 200: listEnvelope(balanceHistoryRowSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.history(userOf(request), request.query, request.language),
    }),
  );

  app.get(
    '/user/balance',
    {
      config: { access: 'session' },
      schema: { tags, response: { 200: successEnvelope(balanceSummarySchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await payments.balanceSummary(userOf(request).id) }),
  );

  app.get(
    '/system/balance',
    {
      config: { access: 'systemBalance' },
      schema: { tags, response: { 200: successEnvelope(systemBalanceSchema), ...errors } },
    },
    async () => ({ success: true as const, data: await payments.systemBalance() }),
  );
};
