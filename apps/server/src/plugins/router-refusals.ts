import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ErrorEnvelope, Language } from '@paydesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { markStrictTransport, rawCameOverHttps, strictTransportSecurity, type TrustedHop } from '../http/transport';
import { translate } from '../i18n/messages';
import { languageOfHeaders } from './context';
import { everyAnswer } from './security-headers';

/**
 * Refusals made before any route matched (DESIGN §2, §3; issue 20, L5): a URL that does not decode (400), a path
 * parameter beyond the router's limit (414), headers too large to read (431). They carry the security headers and
 * the envelope like every other answer (HSTS too over https), and never repeat the URL they refuse.
 */
type RouterCode = 'bad_request' | 'uri_too_long' | 'headers_too_large';

const statusOf: Record<RouterCode, number> = { bad_request: 400, uri_too_long: 414, headers_too_large: 431 };

function envelope(code: RouterCode, language: Language): string {
  const body: ErrorEnvelope = {
    success: false,
    error: { code, message: translate('en', code) },
    localized_message: translate(language, code),
  };
  return JSON.stringify(body);
}

const headersOf = (body: string) => ({
  ...everyAnswer,
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(body)),
});

/**
 * Fastify's `frameworkErrors`: the router's refusals of a bad URL and of a too long path parameter. Fastify builds
 * their request without TRUST_PROXY's rule, so whether it came over https is read with the rule given here.
 */
export const routerRefusal =
  (trusted: TrustedHop) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code: RouterCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
    const body = envelope(code, languageOfHeaders(request.headers));
    request.log.info({ refused: error.code }, 'request refused by the router');
    markStrictTransport(request, reply, rawCameOverHttps(request.raw, trusted));
    return reply.code(statusOf[code]).headers(headersOf(body)).send(body);
  };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (headers too large, a request it cannot parse),
 * written to the socket by hand as Node does, since no request exists. The headers could not be read, so English, and
 * HSTS only when the socket itself is TLS (a proxy's X-Forwarded-Proto is among the headers that could not be read).
 */
export function clientRefusal(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: RouterCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : 'bad_request';
  const status = statusOf[code];
  const body = envelope(code, 'en');
  const reason = code === 'headers_too_large' ? 'Request Header Fields Too Large' : 'Bad Request';
  const tls = (socket as Partial<TLSSocket>).encrypted === true;
  const headers = { ...headersOf(body), ...(tls ? { 'strict-transport-security': strictTransportSecurity } : {}) };
  const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
