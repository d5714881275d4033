import { Loader, Stack, Title, useComputedColorScheme } from '@mantine/core';
import { can } from '@paydesk/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ApiKeyCard } from '../components/ApiKeyCard';

/** The renderer is a large chunk of its own: the key and the signing note show while it loads. */
const ApiReference = lazy(() =>
  import('../components/ApiReference').then((module) => ({ default: module.ApiReference })),
);

/**
 * SPEC §2.1 /api: the merchant and executor API (DESIGN §9), with the signed-in user's own API key. The reference's
 * renderer draws its own `main` landmark, so on this screen the shell draws none (a page has one main, at the top
 * level): the title and the key are a region of their own, the reference is the page's main.
 */
export function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const { data: user } = useCurrentUser();
  const colorScheme = useComputedColorScheme('light');
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Stack gap="lg" component="section" aria-labelledby="api-title">
        <Title order={1} size="h2" id="api-title">
          {t('title')}
        </Title>
        <ApiKeyCard apiKey={user.apiKeys.key} canManageKeys={can(accessSubjectOf(user), 'apiKeys.manage')} />
      </Stack>
      <section data-api-reference>
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          <ApiReference colorScheme={colorScheme} />
        </Suspense>
      </section>
    </Stack>
  );
}
