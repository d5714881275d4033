import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

/**
 * A client of Paydesk's merchant and executor API (DESIGN §9), typed from its OpenAPI document
 * (`/api/v1/openapi.json`, kept in `openapi.json` here; `npm run generate` refreshes both). Every request is signed:
 * X-Api-Key, X-Timestamp and X-Signature = hex HMAC-SHA256(secret, timestamp + "." + METHOD + "." + path_with_query +
 * "." + raw_body). Every POST names its Idempotency-Key, as the document requires.
 */
export type PaydeskClient = Client<paths>;
export type { components, paths };
export type ApiOrder = components['schemas']['ApiOrder'];

export interface PaydeskClientOptions {
  /** Where Paydesk answers, e.g. `https://paydesk.example`; the paths start with /api/v1. */
  baseUrl: string;
  apiKey: string;
  secret: string;
  fetch?: typeof fetch;
  /** The clock, in unix seconds (tests move it). */
  now?: () => number;
}

const encoder = new TextEncoder();

/** hex HMAC-SHA256 with the platform's Web Crypto, so the same client signs in Node and in a browser. */
async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The string a request's signature covers (DESIGN §9). */
export function signedText(timestamp: string, method: string, pathWithQuery: string, rawBody: string): string {
  return `${timestamp}.${method.toUpperCase()}.${pathWithQuery}.${rawBody}`;
}

export async function signature(secret: string, timestamp: string, method: string, pathWithQuery: string, body = '') {
  return hmacHex(secret, signedText(timestamp, method, pathWithQuery, body));
}

/** Signs each request as it is sent: the path and query as in its URL, the body as its bytes. */
export function signing(options: Pick<PaydeskClientOptions, 'apiKey' | 'secret' | 'now'>): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = request.body ? await request.clone().text() : '';
      const timestamp = String(options.now?.() ?? Math.floor(Date.now() / 1000));
      request.headers.set('X-Api-Key', options.apiKey);
      request.headers.set('X-Timestamp', timestamp);
      request.headers.set(
        'X-Signature',
        await signature(options.secret, timestamp, request.method, `${url.pathname}${url.search}`, body),
      );
      return request;
    },
  };
}

export function createPaydeskClient(options: PaydeskClientOptions): PaydeskClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(signing(options));
  return client;
}
