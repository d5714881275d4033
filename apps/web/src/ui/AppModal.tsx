import { Modal } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRetained } from './useRetained';

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

export interface ItemModalProps<Item> extends Omit<AppModalProps, 'opened' | 'title' | 'children'> {
  /** What the modal is about (a user, a terminal); null when it is closed. */
  item: Item | null;
  title: (item: Item) => ReactNode;
  children: (item: Item) => ReactNode;
}

/**
 * An AppModal about one item: open while `item` is set, and still showing the last one while it closes, so the
 * title and the body do not empty out during the closing transition.
 */
export function ItemModal<Item>({ item, title, children, ...modal }: ItemModalProps<Item>) {
  const shown = useRetained(item);
  return (
    <AppModal {...modal} opened={item !== null} title={shown === null ? '' : title(shown)}>
      {shown !== null && children(shown)}
    </AppModal>
  );
}
