import { ActionIcon, type ActionIconProps, Tooltip, type TooltipProps } from '@mantine/core';
import type { FocusEventHandler, MouseEventHandler, ReactNode } from 'react';

export interface IconActionProps {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  color?: ActionIconProps['color'];
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  /** A tooltip its caller drives (`opened`, no events of its own) instead of Mantine's hover handling. */
  tooltip?: Pick<TooltipProps, 'opened' | 'events'>;
  onMouseEnter?: MouseEventHandler<HTMLButtonElement>;
  onMouseLeave?: MouseEventHandler<HTMLButtonElement>;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
}

/** An icon-only button of a table row or a card: named for a screen reader, with the same name as a tooltip. */
export function IconAction({ label, color = 'gray', tooltip, children, ...button }: IconActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={300} {...tooltip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} {...button}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
