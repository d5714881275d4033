import { useFailureText } from '../../../lib/useFailureText';
import { useToasts } from '../../../ui/useToasts';

/** The toasts of the flows screen (SPEC §8 flow messages): a failure names what failed and then the server's reason. */
export function useFlowToasts() {
  const toasts = useToasts();
  const failureText = useFailureText();
  return {
    done: toasts.done,
    failed: (what: string, error: unknown) => {
      const reason = failureText(error, '');
      toasts.failed(reason ? `${what}: ${reason}` : what);
    },
  };
}
