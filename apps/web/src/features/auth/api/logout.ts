import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * `POST /logout`: the server destroys the session and clears its cookie. Its answer carries nothing (`data: null`) and
 * is not checked against the contract: sign-out belongs to the shell, part of the entry, which the contract's schemas
 * (and zod) must not join (lib/zodWithoutEval.ts).
 */
export async function logout(): Promise<void> {
  await http.post<null>('/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
