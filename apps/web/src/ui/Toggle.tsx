import { Switch, type SwitchProps } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export interface ToggleProps extends Omit<SwitchProps, 'onChange'> {
  /** Receives the new checked state, which is all callers need (for example to send it and revert on failure). */
  onChange?: (checked: boolean) => void;
}

/**
 * Mantine Switch that reports a boolean instead of an input event. A disabled switch draws the same grey track on and
 * off, so it carries a check or a cross in its track: a read-only viewer (a support admin) still sees which it is.
 */
export function Toggle({ onChange, ...props }: ToggleProps) {
  const marks = props.disabled
    ? { onLabel: <IconCheck size={12} stroke={3} aria-hidden />, offLabel: <IconX size={12} stroke={3} aria-hidden /> }
    : {};
  return <Switch onChange={onChange && ((event) => onChange(event.currentTarget.checked))} {...marks} {...props} />;
}
