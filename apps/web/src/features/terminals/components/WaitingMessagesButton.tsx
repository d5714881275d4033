import { Button } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * "N received while waiting for approval" (DESIGN §19): on a terminal's card and its devices row while it holds
 * messages no admin has matched yet; it opens their list. Nothing shows while there are none.
 */
export function WaitingMessagesButton({
  terminal,
  onOpen,
}: {
  terminal: Terminal;
  onOpen: (terminal: Terminal) => void;
}) {
  const { t } = useTranslation('terminals');
  const count = terminal.waiting_messages;
  if (count === 0) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="orange"
      leftSection={<IconHourglass size={14} aria-hidden />}
      aria-label={t('waiting.buttonNamed', { count, name: terminal.name })}
      onClick={() => onOpen(terminal)}
      w="fit-content"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      h="auto"
      py={2}
    >
      {t('waiting.button', { count })}
    </Button>
  );
}
