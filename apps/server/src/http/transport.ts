import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The request reached Paydesk over TLS: its own socket was encrypted, or a proxy TRUST_PROXY trusts said so in
 * `X-Forwarded-Proto` (Fastify believes the header only from such a proxy, so a client cannot claim it).
 */
export const cameOverHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

/** TRUST_PROXY as a rule: is the peer at this address, `hop` proxies away from the server (0: the socket's), trusted. */
export type TrustedHop = (address: string, hop: number) => boolean;

/**
 * `cameOverHttps` for a request Fastify made without its trust rule (the router's refusals, before any route): the
 * same decision read from the raw request, its socket's TLS or the last X-Forwarded-Proto of a trusted peer.
 */
export function rawCameOverHttps(raw: IncomingMessage, trusted: TrustedHop): boolean {
  const forwarded = raw.headers['x-forwarded-proto'];
  const peer = raw.socket?.remoteAddress;
  if (typeof forwarded === 'string' && forwarded !== '' && peer !== undefined && trusted(peer, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  }
  return (raw.socket as Partial<TLSSocket> | undefined)?.encrypted === true;
}

/**
 * Cookies are `Secure` whenever the request came over https, or always with COOKIE_SECURE=true (a TLS proxy whose
 * headers are not trusted). Plain http (the demo on http://localhost) keeps cookies a browser sends back over http.
 */
export const secureCookie = (config: Pick<Config, 'COOKIE_SECURE'>, request: FastifyRequest): boolean =>
  config.COOKIE_SECURE === true || cameOverHttps(request);

/** A year, without preload: a browser that once reached Paydesk over https never tries plain http on it again. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** HSTS on an answer to an https request only: over plain http a browser ignores it, and the demo stays on http. */
export function markStrictTransport(request: FastifyRequest, reply: FastifyReply, https = cameOverHttps(request)) {
  if (https && !reply.hasHeader('strict-transport-security')) {
    reply.header('strict-transport-security', strictTransportSecurity);
  }
}
