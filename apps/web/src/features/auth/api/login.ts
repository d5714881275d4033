import type { CurrentUser, LoginRequest } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, fetchCsrfCookie, http, isApiError } from '../../../lib/http';

/** Code of the failure when the XSRF cookie could not be had, so the sign-in was never sent. */
export const csrfUnavailable = 'csrf_unavailable';

/**
 * `POST /login` after a fresh XSRF cookie (SPEC §4 Session: get CSRF cookie, post login); the answer is checked against
 * the contract with a schema loaded when it comes (loginAnswer.ts).
 */
export async function login(body: LoginRequest): Promise<CurrentUser> {
  try {
    await fetchCsrfCookie();
  } catch (cause) {
    throw new ApiError({ status: isApiError(cause) ? cause.status : 0, code: csrfUnavailable });
  }
  // The schema loads while the sign-in is on its way; a failed load is met where the answer is checked.
  const schema = import('./loginAnswer');
  schema.catch(() => undefined);
  const answer = await http.post<unknown>('/login', body);
  const { loginResultSchema } = await schema;
  return loginResultSchema.parse(answer).user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
