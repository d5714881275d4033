import { Center, Stack, Text, Title } from '@mantine/core';
import { type Screen, screenTitleKey } from '@paydesk/contract';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A screen of the contract that a later issue builds (status `later`). */
export function NotAvailableYetPage({ screen }: { screen: Screen }) {
  const { t } = useTranslation('app');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <IconHourglassEmpty size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t(screenTitleKey(screen))}
        </Title>
        <Text fw={600}>{t('later.title')}</Text>
        <Text c="dimmed">{t('later.text')}</Text>
      </Stack>
    </Center>
  );
}
