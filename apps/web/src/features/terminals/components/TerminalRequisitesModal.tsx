import { List, Text } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { useRetained } from '../../../ui/useRetained';

export interface TerminalRequisitesModalProps {
  terminal: Terminal | null;
  onClose: () => void;
}

/** SPEC §2.17 requisites modal: the requisites whose pay-ins the device's bank messages confirm. */
export function TerminalRequisitesModal({ terminal, onClose }: TerminalRequisitesModalProps) {
  const { t } = useTranslation('terminals');
  const shown = useRetained(terminal);
  const requisites = shown?.requisites ?? [];
  return (
    <AppModal
      opened={terminal !== null}
      onClose={onClose}
      title={shown ? t('requisites.title', { name: shown.name }) : ''}
      size="sm"
    >
      {requisites.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('requisites.none')}
        </Text>
      ) : (
        <List spacing={4} size="sm">
          {requisites.map((requisite) => (
            <List.Item key={requisite.id}>{requisite.name}</List.Item>
          ))}
        </List>
      )}
    </AppModal>
  );
}
