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
  /** Headers every POST carries, documented on each (the merchant API's Idempotency-Key). */
  postHeaders?: Record<string, { description: string; maxLength: number }>;
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
      ...(options.security
        ? { security: [Object.fromEntries(options.security.map((name) => [name, [] as string[]]))] }
        : {}),
    },
    transform: (input: TransformInput) => {
      const transformed = jsonSchemaTransform(input);
      const headers = options.postHeaders;
      if (!headers || input.route.method !== 'POST') return transformed;
      // Documentation only: the API's own hook checks these headers, before validation, with its own codes.
      const schema = transformed.schema as Record<string, unknown>;
      schema.headers = {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(headers).map(([name, header]) => [name, { type: 'string', minLength: 1, ...header }]),
        ),
        required: Object.keys(headers),
      };
      return transformed;
    },
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document) as Document),
  });
}
