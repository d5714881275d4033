import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { recordAudit } from '../audit/audit.module';
import { announceUserChanged, lockOwnAccount, setApiCredentials } from '../users/users.module';

/**
 * POST /user/secret_key: issues a new API secret (and a key on first use). The secret is shown once, in this answer;
 * the database keeps it sealed (DESIGN §9), to verify request signatures.
 */
export async function issueApiSecret(deps: Deps, userId: string) {
  return deps.db.transaction(async (tx) => {
    const user = await lockOwnAccount(tx, userId);
    if (!user) throw new DomainError('unauthenticated');
    const apiKey = user.apiKey ?? `pk_${randomToken(18)}`;
    const secretKey = `sk_${randomToken(32)}`;
    await setApiCredentials(tx, userId, apiKey, deps.secrets.seal(secretKey));
    await announceUserChanged(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'user.api_secret_issued',
      targetUserId: userId,
      before: { api_key: user.apiKey },
      after: { api_key: apiKey },
    });
    return { api_key: apiKey, secret_key: secretKey };
  });
}
