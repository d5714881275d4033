import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface IconActionProps {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  color?: ActionIconProps['color'];
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** An icon-only button of the terminal cards and the devices table: named for a screen reader, the same as a tooltip. */
export function IconAction({ label, color = 'gray', loading, disabled, onClick, children }: IconActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
