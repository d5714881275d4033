import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, request } from './http';
import { changeLanguage, initI18n } from './i18n';

interface Sent {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function stubFetch(...responses: (Response | Error)[]) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

function header(sent: Sent | undefined, name: string): string | null {
  return new Headers(sent?.init.headers).get(name);
}

/** Sets the cookie the server's `GET /csrf-cookie` would set. */
function setXsrfCookie(value: string, expired = false): void {
  const expires = expired ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this stands in for the server.
  document.cookie = `XSRF-TOKEN=${value}${expires}; path=/`;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  await changeLanguage('en');
  setXsrfCookie('', true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends GETs under /api/inner with cookies, the language and no XSRF header, and returns data', async () => {
    setXsrfCookie('abc%3D');
    const sent = stubFetch(jsonResponse(200, { success: true, data: { ok: 1 } }));

    await expect(http.get('/user/current')).resolves.toEqual({ ok: 1 });

    expect(sent[0]?.url).toBe('/api/inner/user/current');
    expect(sent[0]?.init.method).toBe('GET');
    expect(sent[0]?.init.credentials).toBe('include');
    expect(header(sent[0], 'x-language')).toBe('en');
    expect(header(sent[0], 'x-xsrf-token')).toBeNull();
  });

  it('echoes the XSRF-TOKEN cookie and sends JSON on state-changing calls', async () => {
    setXsrfCookie('tok%2Ben');
    const sent = stubFetch(jsonResponse(200, { success: true, data: null }));

    await http.post('/user/password', { current_password: 'secret1' });

    expect(header(sent[0], 'x-xsrf-token')).toBe('tok%2Ben');
    expect(header(sent[0], 'content-type')).toBe('application/json');
    expect(sent[0]?.init.body).toBe(JSON.stringify({ current_password: 'secret1' }));
  });

  it('announces the current i18n language in x-language', async () => {
    await changeLanguage('ru');
    const sent = stubFetch(jsonResponse(200, { success: true, data: [] }));

    await http.get('/language');

    expect(header(sent[0], 'x-language')).toBe('ru');
  });

  it('builds the query string and leaves out empty values', async () => {
    const sent = stubFetch(jsonResponse(200, { success: true, data: [] }));

    await http.get('/user', { query: { page: 2, count: 20, 'filter[type]': 'trader', 'filter[uuid]': '', x: null } });

    expect(sent[0]?.url).toBe('/api/inner/user?page=2&count=20&filter%5Btype%5D=trader');
  });

  it('throws ApiError with status, code, localized message and field errors on a non-2xx answer', async () => {
    stubFetch(
      jsonResponse(422, {
        success: false,
        error: { code: 'validation_failed', message: 'Some fields are not filled in correctly.' },
        localized_message: 'Некоторые поля заполнены неверно.',
        errors: { new_password: ['Пароль должен содержать не менее 6 символов.'] },
      }),
    );

    const error = await failureOf(http.post('/user/password', {}));

    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.localizedMessage).toBe('Некоторые поля заполнены неверно.');
    expect(error.fieldErrors).toEqual({ new_password: ['Пароль должен содержать не менее 6 символов.'] });
  });

  it('treats a 200 with success: false as a failure', async () => {
    stubFetch(jsonResponse(200, { success: false, error: { code: 'conflict', message: 'x' }, localized_message: 'y' }));

    const error = await failureOf(http.get('/anything'));

    expect(error.status).toBe(200);
    expect(error.code).toBe('conflict');
    expect(error.localizedMessage).toBe('y');
  });

  it('reports an answer without an envelope by its status', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await failureOf(http.get('/user/current'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
    expect(error.localizedMessage).toBeNull();
  });

  it('reports a request that got no answer as a network error (status 0)', async () => {
    stubFetch(new TypeError('Failed to fetch'));

    const error = await failureOf(http.get('/user/current'));

    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.code).toBe('network_error');
  });

  it('on a 419 fetches a fresh XSRF cookie and sends the call once more', async () => {
    const csrfMismatch = { success: false, error: { code: 'csrf_mismatch', message: 'x' }, localized_message: 'x' };
    const sent = stubFetch(
      jsonResponse(419, csrfMismatch),
      new Response(null, { status: 204 }),
      jsonResponse(200, { success: true, data: { user: 1 } }),
    );

    await expect(http.post('/login', { username: 'a', password: 'b' })).resolves.toEqual({ user: 1 });

    expect(sent.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST /api/inner/login',
      'GET /api/inner/csrf-cookie',
      'POST /api/inner/login',
    ]);
  });

  it('gives up after one 419 retry', async () => {
    const csrfMismatch = { success: false, error: { code: 'csrf_mismatch', message: 'x' }, localized_message: 'x' };
    stubFetch(jsonResponse(419, csrfMismatch), new Response(null, { status: 204 }), jsonResponse(419, csrfMismatch));

    const error = await failureOf(request('POST', '/logout'));

    expect(error.status).toBe(419);
    expect(error.code).toBe('csrf_mismatch');
  });

  it('returns null for a 204', async () => {
    stubFetch(new Response(null, { status: 204 }));

    await expect(http.get('/csrf-cookie')).resolves.toBeNull();
  });
});
