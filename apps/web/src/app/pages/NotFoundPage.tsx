import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/query';
import { PageLoader } from './PageLoader';

/** An unknown route: a way back, to settings or to sign-in. (A screen the role may not open says so: NotForRolePage.) */
export function NotFoundPage() {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  if (user.isPending && user.fetchStatus !== 'idle') return <PageLoader />;
  const signedIn = user.isSuccess;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <IconMapSearch size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={signedIn ? '/settings' : '/login'} mt="sm">
          {signedIn ? t('notFound.toSettings') : t('notFound.toLogin')}
        </Button>
      </Stack>
    </Center>
  );
}
