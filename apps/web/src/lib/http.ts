import { languageHeader, xsrfCookie, xsrfHeader } from '@paydesk/contract';
import { currentLanguage } from './i18n';

/** Base path of every call of the back-office API (SPEC §7). */
export const apiBase = '/api/inner';

/** Status used for a request that never got an HTTP answer (offline, DNS, aborted by the network). */
export const networkErrorStatus = 0;

/** The one failure type of the HTTP client: a non-2xx answer, a `success: false` envelope or no answer at all. */
export class ApiError extends Error {
  /** HTTP status; `0` when the request got no answer. */
  readonly status: number;
  /** Stable error code of the envelope (`invalid_credentials`, …), `network_error`, or `http_<status>`. */
  readonly code: string;
  /** The server's `localized_message`, when it sent one. */
  readonly localizedMessage: string | null;
  /** Per-field messages of a 422, already localized by the server. */
  readonly fieldErrors: Record<string, string[]>;

  constructor(init: {
    status: number;
    code: string;
    message?: string;
    localizedMessage?: string | null;
    fieldErrors?: Record<string, string[]>;
  }) {
    super(init.message ?? init.localizedMessage ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.localizedMessage = init.localizedMessage ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
  }

  get isNetworkError(): boolean {
    return this.status === networkErrorStatus;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query parameters; `null`/`undefined`/empty values are left out. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A 419 means the XSRF cookie is missing or stale: fetch a new one and send the request again, once.
   * On by default for state-changing calls; the caller sees the second answer.
   */
  retryOnCsrfMismatch?: boolean;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: { code?: string; message?: string };
  localized_message?: string;
  errors?: Record<string, string[]>;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<Envelope | null> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

function failure(status: number, envelope: Envelope | null): ApiError {
  return new ApiError({
    status,
    code: envelope?.error?.code ?? `http_${status}`,
    message: envelope?.error?.message,
    localizedMessage: envelope?.localized_message ?? null,
    fieldErrors: envelope?.errors,
  });
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', [languageHeader]: currentLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(xsrfCookie);
    if (token) headers[xsrfHeader] = token;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: networkErrorStatus, code: 'network_error', message: String(cause) });
  }
}

/**
 * Sends one call and returns the envelope's `data`. Throws `ApiError` on anything else. The only thing it does
 * besides the call is the documented one-time 419 retry; redirects and toasts are the caller's business.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options);
  if (response.status === 419 && method !== 'GET' && (options.retryOnCsrfMismatch ?? true)) {
    await fetchCsrfCookie(options.signal);
    response = await send(method, path, options);
  }
  const envelope = await readJson(response);
  if (!response.ok || envelope?.success === false) throw failure(response.status, envelope);
  return (envelope?.data ?? null) as T;
}

/** `GET /csrf-cookie`: sets the readable XSRF-TOKEN cookie echoed on every state-changing call. */
export async function fetchCsrfCookie(signal?: AbortSignal): Promise<void> {
  await request<null>('GET', '/csrf-cookie', { signal });
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
