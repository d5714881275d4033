import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface OnlineDotProps {
  online: boolean;
  /** Accessible name; defaults to "Online" / "Offline". Pass "Active" / "Inactive" to reuse the dot for is_active. */
  label?: string;
}

/** A small coloured dot: green when online, the dimmed text colour when offline, readable in both schemes. */
export function OnlineDot({ online, label }: OnlineDotProps) {
  const { t } = useTranslation('ui');
  const name = label ?? (online ? t('presence.online') : t('presence.offline'));
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      title={name}
      data-online={online}
      display="inline-block"
      w={10}
      h={10}
      bg={online ? 'var(--mantine-color-green-filled)' : 'var(--mantine-color-dimmed)'}
      style={{ borderRadius: '50%', flexShrink: 0 }}
    />
  );
}
