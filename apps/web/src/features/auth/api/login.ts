import { type CurrentUser, type LoginRequest, loginResultSchema } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, fetchCsrfCookie, http, isApiError } from '../../../lib/http';

/** Code of the failure when the XSRF cookie could not be had, so the sign-in was never sent. */
export const csrfUnavailable = 'csrf_unavailable';

/** `POST /login` after a fresh XSRF cookie (SPEC §4 Session: get CSRF cookie, post login). */
export async function login(body: LoginRequest): Promise<CurrentUser> {
  try {
    await fetchCsrfCookie();
  } catch (cause) {
    throw new ApiError({ status: isApiError(cause) ? cause.status : 0, code: csrfUnavailable });
  }
  return loginResultSchema.parse(await http.post<unknown>('/login', body)).user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
