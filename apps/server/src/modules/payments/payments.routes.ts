import {
  balanceHistoryQuerySchema,
  balanceHistoryRowSchema,
  balanceSummarySchema,
  demoDepositSchema,
  depositCreditSchema,
  depositOutcomeSchema,
  keysetListEnvelope,
  listEnvelope,
  merchantWithdrawalSchema,
  myWithdrawalListQuerySchema,
  parseMoney,
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
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { requireUser } from '../../plugins/session';
import { balanceSummary, systemBalance } from './balances';
import { creditDeposit } from './deposits';
import { acceptWithdrawal, markWithdrawalSent, rejectWithdrawal } from './moderation';
import { balanceHistory, exportPayments, getPayment, listPayments, myWithdrawals } from './payments.read';
import { merchantWithdrawal, requestWithdrawal } from './withdrawals';

const tags = ['payments'];
const one = replies({ 200: successEnvelope(paymentSchema) }, writeErrors);
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const depositOutcome = replies({ 200: successEnvelope(depositOutcomeSchema) }, writeErrors);

/** SPEC §7 "Money": withdrawals, the root admin's merchant withdrawal, deposits, payments and balances. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const { demo } = app;

  app.post(
    '/wallet/withdrawals',
    {
      config: { access: 'balance.payOut' },
      schema: { summary: 'Request a withdrawal', tags, body: payoutRequestSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await requestWithdrawal(db, config, requireUser(request).id, request.body, request.language),
    }),
  );

  app.post(
    '/wallet/merchant_withdrawal',
    {
      config: { access: 'wallets.merchantWithdrawal' },
      schema: { summary: 'Request a merchant withdrawal', tags, body: merchantWithdrawalSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await merchantWithdrawal(db, requireUser(request).id, request.body, request.language),
    }),
  );

  app.post(
    '/wallet/deposits',
    {
      config: { access: 'deposits.credit' },
      schema: { summary: 'Credit a deposit', tags, body: depositCreditSchema, response: depositOutcome },
    },
    async (request) => {
      const outcome = await creditDeposit(db, {
        txHash: request.body.tx_hash,
        address: request.body.address,
        amountMinor: parseMoney(request.body.amount, USDT),
        source: 'admin',
        actorId: requireUser(request).id,
      });
      return {
        success: true as const,
        data: { credited: outcome.credited, payment: await getPayment(db, outcome.paymentId, request.language) },
      };
    },
  );

  // Demo mode only: the route does not exist anywhere else.
  if (demo) {
    app.post(
      '/wallet/demo_deposit',
      { config: { access: 'wallet.demoDeposit' }, schema: { tags, body: demoDepositSchema, response: depositOutcome } },
      async (request) => {
        const { amount } = request.body;
        const outcome = await demo.depositTo(
          requireUser(request).id,
          amount === undefined ? undefined : parseMoney(amount, USDT),
          { askedByUser: true },
        );
        return {
          success: true as const,
          data: { credited: outcome.credited, payment: await getPayment(db, outcome.paymentId, request.language) },
        };
      },
    );
  }

  app.get(
    '/transaction',
    {
      config: { access: 'payments.read' },
      schema: {
        summary: 'List deposits and withdrawals',
        tags,
        querystring: paymentListQuerySchema,
        response: replies({ 200: listEnvelope(paymentSchema) }, readErrors),
      },
    },
    async (request) => ({ success: true as const, data: await listPayments(db, request.query, request.language) }),
  );

  app.get(
    '/transaction/export.csv',
    {
      config: { access: 'payments.read' },
      schema: {
        summary: 'Export deposits and withdrawals as CSV',
        tags,
        querystring: paymentListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) => sendCsv(reply, 'payments', exportPayments(db, request.query, request.language)),
  );

  app.post(
    '/transaction/:id/accept',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Accept a withdrawal', tags, params: idParams, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await acceptWithdrawal(db, requireUser(request).id, request.params.id, request.language),
    }),
  );

  app.post(
    '/transaction/:id/reject',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Reject a withdrawal', tags, params: idParams, body: withdrawalRejectSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await rejectWithdrawal(
        db,
        requireUser(request).id,
        request.params.id,
        request.body.comment,
        request.language,
      ),
    }),
  );

  app.post(
    '/transaction/:id/sent',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Mark a withdrawal sent', tags, params: idParams, body: withdrawalSentSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await markWithdrawalSent(
        db,
        requireUser(request).id,
        request.params.id,
        request.body.tx_hash,
        request.language,
      ),
    }),
  );

  app.get(
    '/my/transaction',
    {
      config: { access: 'balance.read' },
      schema: {
        summary: 'My balance history',
        tags,
        querystring: balanceHistoryQuerySchema,
        response: replies({ 200: keysetListEnvelope(balanceHistoryRowSchema) }, readErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await balanceHistory(db, requireUser(request), request.query, request.language),
    }),
  );

  app.get(
    '/my/withdrawals',
    {
      config: { access: 'balance.payOut' },
      schema: {
        summary: 'My withdrawals',
        tags,
        querystring: myWithdrawalListQuerySchema,
        response: replies({ 200: listEnvelope(paymentSchema) }, readErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await myWithdrawals(db, requireUser(request).id, request.query, request.language),
    }),
  );

  app.get(
    '/user/balance',
    {
      config: { access: 'session' },
      schema: {
        summary: 'My balance',
        tags,
        response: replies({ 200: successEnvelope(balanceSummarySchema) }, readErrors),
      },
    },
    async (request) => ({ success: true as const, data: await balanceSummary(db, requireUser(request).id) }),
  );

  app.get(
    '/system/balance',
    {
      config: { access: 'systemBalance.read' },
      schema: {
        summary: "The platform's balances",
        tags,
        response: replies({ 200: successEnvelope(systemBalanceSchema) }, readErrors),
      },
    },
    async () => ({ success: true as const, data: await systemBalance(db) }),
  );
};
