import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface IconActionProps {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  color?: ActionIconProps['color'];
  onClick: () => void;
  children: ReactNode;
}

/** An icon-only button of the flows table: named for a screen reader, with the same name as a tooltip. */
export function IconAction({ label, color = 'gray', onClick, children }: IconActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
