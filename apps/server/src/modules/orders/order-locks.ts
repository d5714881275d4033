import type { Tx } from '../../db/client';
import * as repo from './orders.repository';

/**
 * An order locked until the caller's transaction ends, for a change another module makes on it beside the engine's
 * own moves, on the state it reads here: a dispute opened or closed (moveByDispute takes the order so locked), a
 * payer's receipt attached. Undefined when there is no such order.
 */
export const lockOrderForChange = (tx: Tx, id: string) => repo.lockOrder(tx, id);
