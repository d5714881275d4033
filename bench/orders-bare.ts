// The ceiling of bench/orders.ts: a bare Fastify in a process of its own that answers the load generator's two calls
// the way Paydesk does (201 with a pay-in naming a card, then 200 with it paid), reading nothing and checking nothing.
// The same lanes and the same generated client drive it, so the figure is what HTTP, JSON and the signing client
// alone allow on this machine. It prints the same line of JSON as orders-server.ts and stops on SIGTERM.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const card = '4276000000000001';
const app = Fastify({ logger: false });
const order = (guid: string, status: string) => ({
  data: {
    guid,
    type: 'pay_in',
    status,
    amount: '1000.00',
    currency: 'RUB',
    crypto_currency: 'USDT',
    payment_details: { payment_type: 'sberbank', payment_option: 'card', attributes: { card_number: card } },
  },
});
app.post('/api/v1/orders', async (_request, reply) => reply.code(201).send(order(randomUUID(), 'new')));
app.post<{ Params: { guid: string } }>('/api/v1/executor/orders/:guid/paid', async (request) =>
  order(request.params.guid, 'paid'),
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const credentials = { apiKey: 'bare', secret: 'bare-secret' };
process.stdout.write(
  `${JSON.stringify({ port: Number(new URL(address).port), merchants: [credentials], traders: [{ ...credentials, cards: [card] }] })}\n`,
);
process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
