import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Document = ReturnType<typeof jsonSchemaTransformObject> & { components?: { schemas?: Record<string, unknown> } };

/**
 * The zod registry lists every schema with an id twice (as input and as output); the document keeps those the paths
 * (or the kept schemas) refer to.
 */
function withoutUnusedSchemas(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1] ?? '';
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

export interface OpenapiOptions {
  title: string;
  description: string;
  securitySchemes: Record<
    string,
    | { type: 'apiKey'; in: 'cookie' | 'header'; name: string; description?: string }
    | { type: 'http'; scheme: 'bearer'; description?: string }
  >;
  /** Schemes every operation needs together (one requirement naming them all). */
  security?: string[];
  /** The largest body, in bytes, the document's routes read unless a route sets its own `bodyLimit`. */
  bodyLimit: number;
  /** The groups of the document's operations, each with the name a reader sees (`x-displayName`) and what it holds. */
  tags?: { name: string; 'x-displayName': string; description: string }[];
  /** Headers every POST carries, documented on each (the merchant API's Idempotency-Key). */
  postHeaders?: Record<string, { description: string; maxLength: number; pattern?: string }>;
  /**
   * The schemes one route needs, from its declared access (each inner list is one way to meet them); unset uses
   * `security` for every route but the public ones.
   */
  securityOf?: (route: { method: string; access: string | undefined; csrf: boolean | undefined }) => string[][];
}

/** The router's own refusals (issue 20, L5), which any operation may meet before its route is matched. */
const routerRefusals = {
  '400': 'The URL does not decode (bad_request).',
  '414': 'A path parameter is longer than the router reads (uri_too_long).',
  '431': 'The request headers are too large to read (headers_too_large).',
} as const;

/** The methods of operations; each route writes its own summary beside its definition. */
const verbs = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** `GET /user/{uuid}/fees` → `getUserByUuidFees`: unique per method and path, readable in generated clients. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api' && part !== 'inner' && part !== 'v1' && part !== 'device')
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return param ? `by_${param[1]}` : part;
    })
    .join('_')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words.map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join('');
  return `${method.toLowerCase()}${camel[0]?.toUpperCase() ?? ''}${camel.slice(1)}`;
}

type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, unknown>;
};

/**
 * What every operation of a document carries whatever its route says: an operationId, and the router's
 * refusals (400, 414, 431) in the error envelope.
 */
function withOperationDetails(document: Document): Document {
  const taken = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!verbs.has(method)) continue;
      let id = operation.operationId ?? operationIdOf(method, path.replace(/\/$/, ''));
      while (taken.has(id)) id = `${id}Slash`;
      taken.add(id);
      operation.operationId = id;
      operation.responses ??= {};
      const responses = operation.responses;
      // A route that answers a file (`produces`) still refuses in the JSON envelope.
      for (const [status, response] of Object.entries(responses)) {
        const content = (response as { content?: Record<string, unknown> }).content;
        const first = content ? Object.values(content)[0] : undefined;
        if (Number(status) >= 400 && content && first && !content['application/json']) {
          (response as { content: Record<string, unknown> }).content = { 'application/json': first };
        }
      }
      for (const [status, description] of Object.entries(routerRefusals)) {
        responses[status] ??= {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        };
      }
    }
  }
  return document;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * An OpenAPI 3.1 document (DESIGN §1) of the routes registered in the same (encapsulated) context after it, generated
 * from their own zod schemas, so it cannot drift from what the server validates and answers. Each API — the web app's
 * and the merchant and executor API — registers its own, and gets `instance.swagger()` for its document.
 */
export async function registerOpenapi(instance: FastifyInstance, options: OpenapiOptions): Promise<void> {
  await instance.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: '1', description: options.description },
      servers: [{ url: '/' }],
      components: { securitySchemes: options.securitySchemes },
      ...(options.tags ? { tags: options.tags } : {}),
      ...(options.security
        ? { security: [Object.fromEntries(options.security.map((name) => [name, [] as string[]]))] }
        : {}),
    },
    transform: (input: TransformInput) => {
      const transformed = jsonSchemaTransform(input);
      const config = (input.route.config ?? {}) as { access?: string; csrf?: boolean };
      const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
      const schema = transformed.schema as Record<string, unknown>;
      if (options.securityOf) {
        schema.security = options
          .securityOf({ method, access: config.access, csrf: config.csrf })
          .map((names) => Object.fromEntries(names.map((name) => [name, [] as string[]])));
      } else if (config.access === 'public') {
        // Open to anyone: no scheme, said outright rather than inherited from the document's default.
        schema.security = [];
      }
      if (['POST', 'PUT', 'PATCH'].includes(method)) {
        // Said per operation, as the server enforces it: the route's own limit, or the one its document's routes share.
        const limit = input.route.bodyLimit ?? options.bodyLimit;
        schema['x-body-limit'] = limit;
        schema.description = [
          schema.description,
          `The body may be at most ${limit} bytes; a larger one is refused (422 validation_failed).`,
        ]
          .filter(Boolean)
          .join('\n\n');
      }
      const headers = options.postHeaders;
      if (!headers || input.route.method !== 'POST') return transformed;
      // Documentation only: the API's own hook checks these headers, before validation, with its own codes.
      schema.headers = {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(headers).map(([name, header]) => [name, { type: 'string', minLength: 1, ...header }]),
        ),
        required: Object.keys(headers),
      };
      return transformed;
    },
    transformObject: (document) =>
      withoutUnusedSchemas(withOperationDetails(jsonSchemaTransformObject(document) as Document)),
  });
}
