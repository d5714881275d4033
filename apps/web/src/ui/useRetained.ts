import { useState } from 'react';

/**
 * The last non-null value. A modal opened for a row (a user, a payment) keeps showing it while it fades out after it is
 * set back to null, instead of going blank for the length of the transition.
 */
export function useRetained<T>(value: T | null): T | null {
  const [kept, setKept] = useState<T | null>(value);
  // Updating state while rendering is React's documented way to derive state from a changing prop.
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
