import type { Tx } from '../../db/client';
import * as repo from './partners.repository';

/** A partner's payment system the demo's seed puts in place directly, as no screen would (no checks, no audit). */
export const seedPartnerSystem = (tx: Tx, system: repo.NewPartnerSystem) => repo.insertPartnerSystem(tx, system);
