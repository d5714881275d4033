import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** `POST /logout`: the server destroys the session and clears its cookie. */
export async function logout(): Promise<void> {
  await http.post<null>('/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
