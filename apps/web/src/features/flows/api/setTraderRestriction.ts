import { type TraderRestriction, traderRestrictionSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { traderRestrictionsKey } from './listTraderRestrictions';

export interface TraderRestrictionChange {
  flow_uuid: string;
  trader_uuid: string;
  /** The type's slug. */
  type: string;
  /** Field → text; a blank one is sent as null, and all blank removes the type. */
  values: Record<string, string | null>;
}

/** `POST /trader_restriction`: sets one type of a trader's restrictions in a flow. */
export async function setTraderRestriction(body: TraderRestrictionChange): Promise<TraderRestriction> {
  return traderRestrictionSchema.parse(await http.post<unknown>('/trader_restriction', body));
}

export interface TraderRestrictionsSave {
  changes: TraderRestrictionChange[];
  /** Told of each change the server took, so a refusal can be put on the type it was about. */
  onSent?: (change: TraderRestrictionChange) => void;
}

/** Sets several types one after another; the restrictions are read again afterwards, whatever the outcome. */
export function useSetTraderRestrictions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ changes, onSent }: TraderRestrictionsSave) => {
      for (const change of changes) {
        await setTraderRestriction(change);
        onSent?.(change);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: traderRestrictionsKey }),
  });
}
