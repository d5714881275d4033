import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to render or its chunk fails to load (for instance after a new deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation('app');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={440} ta="center" role="alert">
        <IconAlertTriangle size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.text')}</Text>
        <Button mt="sm" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
