import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReceiptDropProps {
  onFile: (file: File) => void;
  busy: boolean;
  /** After a first check the button offers another file. */
  again: boolean;
  /** Said in red under the area (a refused file, a failed check); null says nothing. */
  error: string | null;
}

/**
 * Where a receipt comes in: dropped on the area with a mouse, or picked with the button (the keyboard's and a phone's
 * way). Only the first of several dropped files is taken, as only one receipt is checked at a time.
 */
export function ReceiptDrop({ onFile, busy, again, error }: ReceiptDropProps) {
  const { t } = useTranslation('antifraud');
  const [dragging, setDragging] = useState(false);
  // Clears the input after each pick, so picking the same file again checks it again.
  const resetPick = useRef<() => void>(null);

  function onDragOver(event: DragEvent) {
    event.preventDefault();
    if (!busy) setDragging(true);
  }
  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }

  return (
    <Stack gap={4}>
      <Paper
        withBorder
        p="lg"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging
            ? 'var(--mantine-primary-color-filled)'
            : error
              ? 'var(--mantine-color-error)'
              : 'var(--mantine-color-default-border)',
          backgroundColor: dragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack gap="xs" align="center" ta="center">
          <IconFileTypePdf size={36} stroke={1.5} aria-hidden />
          <Text size="sm" fw={500}>
            {t('receipt.drop')}
          </Text>
          <Text size="sm">{t('receipt.or')}</Text>
          <FileButton
            onChange={(file) => {
              resetPick.current?.();
              if (file) onFile(file);
            }}
            accept="application/pdf,.pdf"
            resetRef={resetPick}
            disabled={busy}
          >
            {(props) => (
              <Button {...props} variant={again ? 'default' : 'filled'} loading={busy} data-autofocus>
                {t(again ? 'receipt.chooseAnother' : 'receipt.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('receipt.limits')}
          </Text>
        </Stack>
      </Paper>
      {error !== null && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
