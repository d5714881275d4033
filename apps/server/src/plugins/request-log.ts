import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Path parameters that are secrets (a forwarding link's token, a payer page's token): the request log writes
     * `[redacted]` in their place, on the matched route and on any path that only starts like it.
     */
    secretParams?: readonly string[];
  }
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

export const redactedSegment = '[redacted]';

/** Whether a logger writes `level`: a disabled logger (no `isLevelEnabled`) writes nothing. */
const enabled = (log: FastifyBaseLogger, level: string) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? false;

/**
 * The route patterns with a secret path parameter, as their routes declared them (`config.secretParams`). A path is
 * redacted by the pattern's shape, not by the route that matched, so a mistyped or unknown path that starts like one
 * (`/api/device/v1/forward/<token>/x`, a 404) loses its secret too; literal segments compare decoded and in any case.
 */
export class SecretPaths {
  private readonly patterns: { literal: (string | null)[]; secret: boolean[] }[] = [];

  add(url: string, secretParams: readonly string[] | undefined): void {
    if (!secretParams || secretParams.length === 0) return;
    const segments = url.split('/').filter((segment) => segment !== '');
    const secret = segments.map((segment) => secretParams.some((name) => segment.includes(`:${name}`)));
    if (!secret.includes(true)) throw new Error(`Route ${url} declares secret parameters it does not have`);
    this.patterns.push({
      literal: segments.map((s) => (s.includes(':') || s === '*' ? null : s.toLowerCase())),
      secret,
    });
  }

  /** The path (no query) with every segment that holds a secret replaced by `[redacted]`. */
  redact(path: string): string {
    if (this.patterns.length === 0) return path;
    const segments = path.split('/');
    const filled = segments.flatMap((segment, index) => (segment === '' ? [] : [index]));
    const hidden = new Set<number>();
    for (const { literal, secret } of this.patterns) {
      for (let k = 0; k < literal.length && k < filled.length; k++) {
        const index = filled[k] as number;
        if (secret[k]) hidden.add(index);
        else if (literal[k] !== null && literal[k] !== decoded(segments[index] as string)) break;
      }
    }
    return hidden.size === 0 ? path : segments.map((s, i) => (hidden.has(i) ? redactedSegment : s)).join('/');
  }
}

/**
 * One line per request, at a level by its outcome (DESIGN §18): a success at `debug`, a refusal (4xx) at `info`, a
 * failure (5xx, or an answer that broke off) at `error`, so a quiet system has a quiet log. The path is logged
 * without its query (filters and pages tell nothing about what went wrong, and a log should not keep them) and
 * without the secrets in it (SecretPaths); so is every request the logger's own `req` serializer writes.
 */
export class RequestLogController extends LogController {
  readonly secretPaths = new SecretPaths();

  /** Learns the secret parameters of every route registered after this call. */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => this.secretPaths.add(route.url, route.config?.secretParams));
  }

  /** What a log line keeps of a request, its path redacted: the logger's `req` serializer. */
  serializeRequest = (request: { method?: string; url?: string }) => ({
    method: request.method,
    path: this.secretPaths.redact(pathOf(request.url ?? '')),
  });

  override incomingRequest(request: FastifyRequest) {
    if (enabled(request.log, 'trace')) request.log.trace(this.serializeRequest(request), 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    // A line nobody keeps (a success below the log's level) is not written: its path is not even redacted.
    if (!enabled(reply.log, level)) return;
    const { method, path } = this.serializeRequest(request);
    const ms = Math.round(reply.elapsedTime);
    reply.log[level](
      { method, path, statusCode: status, ms, ...(error ? { error: error.message } : {}) },
      `${method} ${path} ${status} ${ms} ms`,
    );
  }

  override routeNotFound(request: FastifyRequest) {
    const { method, path } = this.serializeRequest(request);
    request.log.info(`Route ${method}:${path} not found`);
  }
}
