import { Anchor, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableText } from '../../../ui/CopyableText';

interface ApiKeyCardProps {
  /** The signed-in user's API key, `null` before one is generated. */
  apiKey: string | null;
  /** Whether the user manages keys on the settings screen (merchant, trader: `apiKeys.manage`). */
  canManageKeys: boolean;
}

/** The string a request signs (DESIGN §9), shown as is. */
const signedString = 'timestamp + "." + METHOD + "." + path_with_query + "." + raw_body';

/** The headers of a signed request, each with the key of its explanation. */
const signingHeaders = [
  ['X-Api-Key', 'apiKey'],
  ['X-Timestamp', 'timestamp'],
  ['X-Signature', 'signature'],
  ['Idempotency-Key', 'idempotency'],
] as const;

/** How a request is signed (DESIGN §9): one row per header. */
function SigningNote() {
  const { t } = useTranslation('apiDocs');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('signing.title')}
      </Title>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing={6} fz="sm" variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            {signingHeaders.map(([header, key]) => (
              <Table.Tr key={header}>
                <Table.Th w={{ base: 120, sm: 150 }} fw={500}>
                  <Code>{header}</Code>
                </Table.Th>
                <Table.Td>
                  {t(`signing.${key}`)}
                  {key === 'signature' && (
                    <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {signedString}
                    </Code>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {t('signing.path')}
      </Text>
    </Stack>
  );
}

/** The user's own API key with a copy button, where keys are managed, and how a request is signed (DESIGN §9). */
export function ApiKeyCard({ apiKey, canManageKeys }: ApiKeyCardProps) {
  const { t } = useTranslation('apiDocs');
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={2} size="h4" id={titleId}>
            {t('key.title')}
          </Title>
          {apiKey ? (
            <CopyableText value={apiKey} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('key.none')}
            </Text>
          )}
          {canManageKeys && (
            <Text size="sm">
              {t('key.manage')}{' '}
              <Anchor component={Link} to="/settings" inherit underline="always">
                {t('key.toSettings')}
              </Anchor>
            </Text>
          )}
        </Stack>
        <SigningNote />
      </Stack>
    </Card>
  );
}
