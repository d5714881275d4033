import type { apiOrderCreateSchema } from '@paydesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { publicOrigin } from '../../http/public-origin';
import { DomainError } from '../../lib/errors';
import type { OrderRow } from '../orders/orders.module';
import { allowedReturnUrl, ordersWithPages, paymentUrlOf, returnHostsOf } from '../payer-links/payer-links.module';

/** The payer's page (DESIGN §20) as the merchant API hands it out: the links on its answers, the page's options. */
export function payerLinks(app: FastifyInstance) {
  return {
    /**
     * The payer's page links of these orders, by order id: the merchant's answers carry them for its pay-ins that have
     * a page; the executor's answers carry none (the page is the payer's, handed out by the merchant). `opened`: the
     * orders whose pages the caller just opened, known without reading them back.
     */
    async pageLinks(
      db: Db | Tx,
      request: FastifyRequest,
      rows: OrderRow[],
      opened?: readonly string[],
    ): Promise<Map<string, string>> {
      if (request.routeOptions.config.access !== 'api.merchant') return new Map();
      const pages =
        opened ??
        (await ordersWithPages(
          db,
          rows.filter((row) => row.type === 'pay_in').map((row) => row.id),
        ));
      const origin = publicOrigin(app.config, request);
      return new Map([...pages].map((id) => [id, paymentUrlOf(origin, app.deps.secrets, id)]));
    },
  };
}

/**
 * What a new order's payer's page starts with: the merchant's `return_url`, checked against its return hosts (no open
 * redirect), and the page's language. A pay-out has no page, so neither may be given for one.
 */
export async function payerPageOptions(db: Db, merchantId: string, body: z.output<typeof apiOrderCreateSchema>) {
  if (body.type !== 'pay_in') {
    const given = [body.return_url !== undefined && 'return_url', body.language !== undefined && 'language'];
    const fields = given.filter((field): field is string => field !== false);
    if (fields.length > 0) {
      throw new DomainError(
        'validation_failed',
        Object.fromEntries(fields.map((field) => [field, ['orders.errors.pay_in_only']])),
      );
    }
    return null;
  }
  const returnUrl =
    body.return_url === undefined ? null : allowedReturnUrl(body.return_url, await returnHostsOf(db, merchantId));
  return { returnUrl, language: body.language ?? null };
}
