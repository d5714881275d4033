import type { Socket } from 'node:net';
import type { ErrorEnvelope, Language } from '@paydesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n/messages';
import { languageOfHeaders } from './context';
import { everyAnswer } from './security-headers';

/**
 * Refusals made before any route matched (DESIGN §2, §3; issue 20, L5): a URL that does not decode (400), a path
 * parameter beyond the router's limit (414), headers too large to read (431). They carry the security headers and
 * the envelope like every other answer, and never repeat the URL they refuse.
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

/** Fastify's `frameworkErrors`: the router's refusals of a bad URL and of a too long path parameter. */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code: RouterCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
  const body = envelope(code, languageOfHeaders(request.headers));
  request.log.info({ refused: error.code }, 'request refused by the router');
  return reply.code(statusOf[code]).headers(headersOf(body)).send(body);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (headers too large, a request it cannot parse),
 * written to the socket by hand as Node does, since no request exists. The headers could not be read, so English.
 */
export function clientRefusal(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: RouterCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : 'bad_request';
  const status = statusOf[code];
  const body = envelope(code, 'en');
  const reason = code === 'headers_too_large' ? 'Request Header Fields Too Large' : 'Bad Request';
  const lines = Object.entries({ ...headersOf(body), connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
