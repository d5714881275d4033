import type { ActionIconProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { IconAction } from '../../../ui/IconAction';

/** SPEC §2.14: a tooltip goes away on its own after 2 s, and 100 ms after the pointer (or focus) leaves. */
export const hintVisibleMs = 2000;
export const hintCloseDelayMs = 100;

export interface HintIconButtonProps {
  /** Both the button's accessible name and its tooltip. */
  label: string;
  onClick: () => void;
  color?: ActionIconProps['color'];
  children: ReactNode;
}

/**
 * An icon button whose tooltip is driven here rather than by Mantine's hover handling, which has a close delay but
 * no way to hide a tooltip that the pointer still rests on.
 */
export function HintIconButton({ label, onClick, color = 'gray', children }: HintIconButtonProps) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const closeAfter = (delayMs: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpened(false), delayMs);
  };
  const show = () => {
    setOpened(true);
    closeAfter(hintVisibleMs);
  };
  const leave = () => closeAfter(hintCloseDelayMs);

  return (
    <IconAction
      label={label}
      color={color}
      onClick={onClick}
      tooltip={{ opened, events: { hover: false, focus: false, touch: false } }}
      onMouseEnter={show}
      onMouseLeave={leave}
      onFocus={show}
      onBlur={leave}
    >
      {children}
    </IconAction>
  );
}
