import { Text } from '@mantine/core';
import { useFailureText } from '../lib/useFailureText';

/**
 * What went wrong loading a query, in red and announced (`role="alert"`): the server's own words, a "request failed"
 * when no answer came, else `fallback` (SPEC §8 "Load failed."). Nothing while the query has not failed.
 */
export function QueryFailure({ query, fallback }: { query: { isError: boolean; error: unknown }; fallback: string }) {
  const failureText = useFailureText();
  if (!query.isError) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {failureText(query.error, fallback)}
    </Text>
  );
}
