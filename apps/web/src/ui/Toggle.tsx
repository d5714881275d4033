import { Switch, type SwitchProps } from '@mantine/core';

export interface ToggleProps extends Omit<SwitchProps, 'onChange'> {
  /** Receives the new checked state, which is all callers need (for example to send it and revert on failure). */
  onChange?: (checked: boolean) => void;
}

/** Mantine Switch that reports a boolean instead of an input event. */
export function Toggle({ onChange, ...props }: ToggleProps) {
  return <Switch onChange={onChange && ((event) => onChange(event.currentTarget.checked))} {...props} />;
}
