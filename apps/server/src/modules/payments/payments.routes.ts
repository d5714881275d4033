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
import { typedRoutes, type ZodApp } from '../../http/route';
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
  withdrawalRequests(app);
  moderationRoutes(app);
  ownMoneyRoutes(app);
};

/** A withdrawal asked for, the root admin's merchant withdrawal, and deposits (a demo one in demo mode). */
function withdrawalRequests(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { db, config } = app.deps;
  const { demo } = app;

  asUser.post(
    '/wallet/withdrawals',
    {
      config: { access: 'balance.payOut' },
      schema: { summary: 'Request a withdrawal', tags, body: payoutRequestSchema, response: one },
    },
    (request, user) => requestWithdrawal(db, config, user.id, request.body, request.language),
  );

  asUser.post(
    '/wallet/merchant_withdrawal',
    {
      config: { access: 'wallets.merchantWithdrawal' },
      schema: { summary: 'Request a merchant withdrawal', tags, body: merchantWithdrawalSchema, response: one },
    },
    (request, user) => merchantWithdrawal(db, user.id, request.body, request.language),
  );

  asUser.post(
    '/wallet/deposits',
    {
      config: { access: 'deposits.credit' },
      schema: { summary: 'Credit a deposit', tags, body: depositCreditSchema, response: depositOutcome },
    },
    async (request, user) => {
      const outcome = await creditDeposit(db, {
        txHash: request.body.tx_hash,
        address: request.body.address,
        amountMinor: parseMoney(request.body.amount, USDT),
        source: 'admin',
        actorId: user.id,
      });
      return { credited: outcome.credited, payment: await getPayment(db, outcome.paymentId, request.language) };
    },
  );

  // Demo mode only: the route does not exist anywhere else.
  if (demo) {
    asUser.post(
      '/wallet/demo_deposit',
      { config: { access: 'wallet.demoDeposit' }, schema: { tags, body: demoDepositSchema, response: depositOutcome } },
      async (request, user) => {
        const { amount } = request.body;
        const outcome = await demo.depositTo(user.id, amount === undefined ? undefined : parseMoney(amount, USDT), {
          askedByUser: true,
        });
        return { credited: outcome.credited, payment: await getPayment(db, outcome.paymentId, request.language) };
      },
    );
  }
}

/** The admin's list of payments, its export, and accepting, rejecting or marking sent a withdrawal. */
function moderationRoutes(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const { db } = app.deps;
  answering.get(
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
    (request) => listPayments(db, request.query, request.language),
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

  asUser.post(
    '/transaction/:id/accept',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Accept a withdrawal', tags, params: idParams, response: one },
    },
    (request, user) => acceptWithdrawal(db, user.id, request.params.id, request.language),
  );

  asUser.post(
    '/transaction/:id/reject',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Reject a withdrawal', tags, params: idParams, body: withdrawalRejectSchema, response: one },
    },
    (request, user) => rejectWithdrawal(db, user.id, request.params.id, request.body.comment, request.language),
  );

  asUser.post(
    '/transaction/:id/sent',
    {
      config: { access: 'payments.moderate' },
      schema: { summary: 'Mark a withdrawal sent', tags, params: idParams, body: withdrawalSentSchema, response: one },
    },
    (request, user) => markWithdrawalSent(db, user.id, request.params.id, request.body.tx_hash, request.language),
  );
}

/** A user's own payments, withdrawals and balance, and the system's balance. */
function ownMoneyRoutes(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const { db } = app.deps;
  asUser.get(
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
    (request, user) => balanceHistory(db, user, request.query, request.language),
  );

  asUser.get(
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
    (request, user) => myWithdrawals(db, user.id, request.query, request.language),
  );

  asUser.get(
    '/user/balance',
    {
      config: { access: 'session' },
      schema: {
        summary: 'My balance',
        tags,
        response: replies({ 200: successEnvelope(balanceSummarySchema) }, readErrors),
      },
    },
    (_request, user) => balanceSummary(db, user.id),
  );

  answering.get(
    '/system/balance',
    {
      config: { access: 'systemBalance.read' },
      schema: {
        summary: "The platform's balances",
        tags,
        response: replies({ 200: successEnvelope(systemBalanceSchema) }, readErrors),
      },
    },
    () => systemBalance(db),
  );
}
