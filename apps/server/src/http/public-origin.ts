import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin a link handed out by Paydesk starts with (a forwarding URL, a pairing QR, a payer's page): PUBLIC_URL
 * when it is set, else the scheme and host the request arrived with (as TRUST_PROXY's proxies forwarded them).
 */
export const publicOrigin = (config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string =>
  config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
