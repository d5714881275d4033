import {
  currencySchema,
  paymentOptionSchema,
  paymentTypeQuerySchema,
  paymentTypeSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { DomainError } from '../../lib/errors';
import {
  cryptoCurrencyList,
  fiatCurrencies,
  paymentOptionView,
  paymentTypeLogo,
  paymentTypeView,
} from './reference.read';

const tags = ['reference'];

/** DESIGN §8 reference data: `GET /currency/fiat/`, `/currency/crypto/`, `/payment_option`, `/payment_type`. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { answering } = typedRoutes(app);
  const { reference } = app;
  const list = <T extends z.ZodType>(item: T) => replies({ 200: successEnvelope(z.array(item)) }, readErrors);

  answering.get(
    '/currency/fiat/',
    {
      config: { access: 'session' },
      schema: { summary: 'List fiat currencies', tags, response: list(currencySchema) },
    },
    (request) => fiatCurrencies(reference, request.language),
  );

  answering.get(
    '/currency/crypto/',
    {
      config: { access: 'session' },
      schema: { summary: 'List crypto currencies', tags, response: list(currencySchema) },
    },
    (request) => cryptoCurrencyList(reference, request.language),
  );

  answering.get(
    '/payment_option',
    {
      config: { access: 'session' },
      schema: { summary: 'List payment options', tags, response: list(paymentOptionSchema) },
    },
    (request) => [...reference.paymentOptions.values()].map((row) => paymentOptionView(row, request.language)),
  );

  answering.get(
    '/payment_type',
    {
      config: { access: 'session' },
      schema: {
        summary: 'List payment types',
        tags,
        querystring: paymentTypeQuerySchema,
        response: list(paymentTypeSchema),
      },
    },
    async (request) => {
      const currency = request.query['filter[currency]'];
      return [...reference.paymentTypes.values()]
        .filter((row) => currency === undefined || row.currency === currency)
        .map((row) => paymentTypeView(row, request.language));
    },
  );

  // Logos are not secret and go into <img> tags: public, cached by the browser.
  app.get(
    '/payment_type/:slug/image.svg',
    {
      config: { access: 'public' },
      schema: { tags, hide: true, params: z.object({ slug: z.string().max(50) }) },
    },
    async (request, reply) => {
      const row = reference.paymentTypes.get(request.params.slug);
      if (!row) throw new DomainError('not_found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(paymentTypeLogo(row));
    },
  );
};
