import { type ReceiptCheck, type ReceiptCheckResult, receiptCheckResultSchema } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * `POST /anti_fraud/receipt/` (SPEC §2.16 receipts check): the server reads the PDF's text and answers the sums and
 * days it found with the orders they may be about. It changes nothing, so nothing reloads after it.
 */
export async function checkReceipt(body: ReceiptCheck): Promise<ReceiptCheckResult> {
  return receiptCheckResultSchema.parse(await http.post<unknown>('/anti_fraud/receipt/', body));
}

export function useCheckReceipt() {
  return useMutation({ mutationFn: checkReceipt });
}
