import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { ResolveFastifyReplyType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, type SessionUser } from '../plugins/session';

/** The app as route plugins get it: requests and answers typed by the routes' zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type Options<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
/** A request as a route with schema S receives it: params, query and body parsed by its schemas. */
export type RouteRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  ZodTypeProvider
>;
/** What a route with schema S answers inside its success envelope, as its response schema declares it. */
export type DataOf<S extends FastifySchema> =
  Extract<ResolveFastifyReplyType<ZodTypeProvider, S, RouteGenericInterface>, { success: true }> extends {
    data: infer Data;
  }
    ? Data
    : never;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of a route that succeeded (DESIGN §2): `{ success: true, data }`. */
export const ok = <Data>(data: Data) => ({ success: true as const, data });

/**
 * Routes without plumbing (issue 34): the handler returns the data its response schema declares, and the route answers
 * it in the success envelope. `asUser`'s handlers get the signed-in user too (a request without one answers 401);
 * `answering`'s need none. Both register on `app` with its access config and schemas as `app.get` would:
 *
 *   const { asUser, answering } = typedRoutes(app);
 *   asUser.post('/flow/', { config, schema }, (request, user) => createFlow(deps, user.id, request.body));
 */
export function typedRoutes(app: ZodApp) {
  const register = <S extends FastifySchema>(
    method: Method,
    url: string,
    options: Options<S>,
    answer: (request: RouteRequest<S>, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      ...(options as object),
      method,
      url,
      handler: async (request, reply) => ok(await answer(request as unknown as RouteRequest<S>, reply as FastifyReply)),
    });
  const withUser =
    (method: Method) =>
    <S extends FastifySchema>(
      url: string,
      options: Options<S>,
      handler: (request: RouteRequest<S>, user: SessionUser, reply: FastifyReply) => DataOf<S> | Promise<DataOf<S>>,
    ) =>
      register(method, url, options, (request, reply) => handler(request, requireUser(request), reply));
  const plain =
    (method: Method) =>
    <S extends FastifySchema>(
      url: string,
      options: Options<S>,
      handler: (request: RouteRequest<S>, reply: FastifyReply) => DataOf<S> | Promise<DataOf<S>>,
    ) =>
      register(method, url, options, handler);
  const methods = <M>(of: (method: Method) => M) => ({
    get: of('GET'),
    post: of('POST'),
    put: of('PUT'),
    patch: of('PATCH'),
    delete: of('DELETE'),
  });
  return { asUser: methods(withUser), answering: methods(plain) };
}
