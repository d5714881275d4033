import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * One line per request, at a level by its outcome (DESIGN §18): a success at `debug`, a refusal (4xx) at `info`, a
 * failure (5xx, or an answer that broke off) at `error`, so a quiet system has a quiet log. The path is logged
 * without its query (filters and pages tell nothing about what went wrong, and a log should not keep them).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.trace({ method: request.method, path: pathOf(request.url) }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    const path = pathOf(request.url);
    const ms = Math.round(reply.elapsedTime);
    reply.log[level](
      { method: request.method, path, statusCode: status, ms, ...(error ? { error: error.message } : {}) },
      `${request.method} ${path} ${status} ${ms} ms`,
    );
  }
}
