import { twoFactorSecretSchema } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type TwoFactorSecret = z.infer<typeof twoFactorSecretSchema>;

/**
 * `POST /secretGoogleAuth`: a new secret to add to an authenticator app (as a QR code or typed in). Two-factor
 * is not on yet: that takes a code from the app and the password (`POST /user/2fa/enable`).
 */
export async function startTwoFactor(): Promise<TwoFactorSecret> {
  return twoFactorSecretSchema.parse(await http.post<unknown>('/secretGoogleAuth'));
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
