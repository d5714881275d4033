import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { type Screen, screenTitleKey } from '@paydesk/contract';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A screen that exists but that the signed-in user's role may not open (an admin on /api, a merchant on /users): said
 * plainly, with the screen's name and a way back to settings. Nothing of the screen loads, and the server refuses its
 * data to the role all the same.
 */
export function NotForRolePage({ screen }: { screen: Screen }) {
  const { t } = useTranslation('app');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <IconLock size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('notForRole.title')}
        </Title>
        <Text c="dimmed">{t('notForRole.text', { screen: t(screenTitleKey(screen)) })}</Text>
        <Button component={Link} to="/settings" mt="sm">
          {t('notFound.toSettings')}
        </Button>
      </Stack>
    </Center>
  );
}
