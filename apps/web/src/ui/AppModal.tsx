import { Modal } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Outside clicks are ignored this long after opening (SPEC §2.22): the click that opened the modal, or a quick
 * second click on the same button, would otherwise land on the fresh overlay and close it at once.
 */
export const outsideClickGraceMs = 100;

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * False for a blocking modal such as the insurance gate (SPEC §2.11): no close button, and neither Escape nor an
   * outside click closes it. Defaults to true.
   */
  dismissible?: boolean;
  children?: ReactNode;
}

/** Mantine Modal that closes on Escape, on the close button and, after the grace period, on an outside click. */
export function AppModal({ opened, onClose, title, size = 'md', dismissible = true, children }: AppModalProps) {
  const { t } = useTranslation('ui');
  const [outsideClickArmed, setOutsideClickArmed] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(() => setOutsideClickArmed(true), outsideClickGraceMs);
    return () => {
      window.clearTimeout(timer);
      setOutsideClickArmed(false);
    };
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible && outsideClickArmed}
      withCloseButton={dismissible}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      {children}
    </Modal>
  );
}
