import { ActionIcon, Anchor, Center, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import type { Dispute } from '@paydesk/contract';
import { IconExternalLink, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { AppModal } from '../../../ui/AppModal';
import { useRetained } from '../../../ui/useRetained';

/** The dispute's receipt: one file at most (SPEC §3), a PNG, a JPEG or a PDF. */
export const checkOf = (dispute: Dispute) => dispute.files[0] ?? null;

/**
 * Show check (SPEC §2.12, DESIGN §6): an image opens in a preview on the page; a PDF downloads, since the server serves
 * evidence PDFs as attachments (a PDF shown inline could run in the app's origin). An icon that says the
 * file's kind, named and with its name as a tooltip, keeps the admin's wide table within a laptop's screen.
 */
export function CheckButton({ dispute, onShow }: { dispute: Dispute; onShow: () => void }) {
  const { t } = useTranslation('orders');
  const file = checkOf(dispute);
  const id = shortenId(dispute.uuid);
  if (!file) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('appeals.noCheck')}
      </Text>
    );
  }
  if (file.content_type === 'application/pdf') {
    const label = t('appeals.showPdfOf', { id });
    return (
      <Tooltip label={label} withArrow openDelay={300}>
        <ActionIcon component="a" href={file.url} download={file.name} variant="light" aria-label={label}>
          <IconFileTypePdf size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    );
  }
  const label = t('appeals.showCheckOf', { id });
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="light" aria-label={label} onClick={onShow}>
        <IconPhoto size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

export interface CheckPreviewModalProps {
  /** The dispute whose image receipt is shown; null when closed. */
  dispute: Dispute | null;
  onClose: () => void;
}

/** The receipt image at the size the window allows, with a link to open it whole in a new tab. */
export function CheckPreviewModal({ dispute, onClose }: CheckPreviewModalProps) {
  const { t } = useTranslation('orders');
  const shown = useRetained(dispute);
  const file = shown ? checkOf(shown) : null;
  const id = shown ? shortenId(shown.uuid) : '';
  return (
    <AppModal opened={dispute !== null} onClose={onClose} title={t('appeals.check.title', { id })} size="lg">
      {file && <CheckImage key={file.url} url={file.url} alt={t('appeals.check.alt', { name: file.name, id })} />}
      {file && (
        <Group justify="flex-end" mt="md">
          <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {t('appeals.check.openInTab')}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        </Group>
      )}
    </AppModal>
  );
}

export function CheckImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('orders');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Center mih={120}>
        <Text c="red" size="sm" role="alert">
          {t('appeals.check.loadFailed')}
        </Text>
      </Center>
    );
  }
  return (
    <Stack align="center">
      <Image
        src={url}
        alt={alt}
        fit="contain"
        mah="70vh"
        w="auto"
        maw="100%"
        radius="sm"
        onError={() => setFailed(true)}
      />
    </Stack>
  );
}
