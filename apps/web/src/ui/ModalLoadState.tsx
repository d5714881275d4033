import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ModalLoadStateProps {
  /** What to say when loading failed, or null. */
  failure: string | null;
  cancelLabel: string;
  onCancel: () => void;
}

/**
 * What a modal shows while the data its form starts from loads: a spinner, or the failure in red with a way out.
 */
export function ModalLoadState({ failure, cancelLabel, onCancel }: ModalLoadStateProps) {
  const { t } = useTranslation('ui');
  if (failure === null) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('table.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Text c="red" size="sm" role="alert">
        {failure}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </Group>
    </Stack>
  );
}
