import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation('app');
  return (
    <Center mih={200} role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
