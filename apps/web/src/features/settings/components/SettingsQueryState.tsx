import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SettingsQueryStateProps<Data> {
  query: UseQueryResult<Data>;
  /** What the card says when its load failed, in the screen's language. */
  failed: string;
  children: (data: Data) => ReactNode;
}

/** A settings card's loaded part: a loader while it loads, the failure in red as an alert, else `children`. */
export function SettingsQueryState<Data>({ query, failed, children }: SettingsQueryStateProps<Data>) {
  const { t } = useTranslation('app');
  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {failed}
      </Text>
    );
  }
  return children(query.data);
}
