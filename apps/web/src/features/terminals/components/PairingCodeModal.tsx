import { Button, Group, Stack, Text } from '@mantine/core';
import type { CreatedTerminal } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { AppModal } from '../../../ui/AppModal';
import { CopyAction } from '../../../ui/CopyAction';
import { useRetained } from '../../../ui/useRetained';
import { QrImage } from './QrImage';

export interface PairingCodeModalProps {
  /** A new terminal or a new code of one (DESIGN §11); null when the modal is closed. */
  pairing: CreatedTerminal | null;
  onClose: () => void;
}

/**
 * The one-time pairing code of a terminal, large and copyable, and the same code as a QR image, with when it
 * expires and what to do with it. The code is shown only here: once closed, a new one is asked for.
 */
export function PairingCodeModal({ pairing, onClose }: PairingCodeModalProps) {
  const { t } = useTranslation('terminals');
  const shown = useRetained(pairing);
  const name = shown?.terminal.name ?? '';
  return (
    <AppModal opened={pairing !== null} onClose={onClose} title={t('pairing.title', { name })}>
      {shown && (
        <Stack gap="md" align="center" ta="center">
          <Text size="sm">{t('pairing.howTo')}</Text>
          <QrImage src={shown.pairing_qr} alt={t('pairing.qrAlt', { name })} size={208} />
          <Stack gap={2} align="center">
            <Text size="sm" c="dimmed">
              {t('pairing.code')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text ff="monospace" fz={32} fw={700} style={{ letterSpacing: '0.12em', overflowWrap: 'anywhere' }}>
                {shown.pairing_code}
              </Text>
              <CopyAction value={shown.pairing_code} />
            </Group>
          </Stack>
          <Text size="sm">{t('pairing.expires', { time: formatDateTime(shown.pairing_expires_at) })}</Text>
          <Button onClick={onClose} data-autofocus>
            {t('pairing.done')}
          </Button>
        </Stack>
      )}
    </AppModal>
  );
}
