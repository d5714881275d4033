import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface DecimalInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange'> {
  /** The decimal as typed; absent reads as empty (a form's `getInputProps` types it so). */
  value?: string;
  onChange: (value: string) => void;
}

/**
 * A NumberInput that keeps the typed decimal string: amounts and percentages never pass through a float
 * (STYLE 7), so "0.1" stays "0.1" and an empty field stays empty.
 */
export function DecimalInput({ value, onChange, ...props }: DecimalInputProps) {
  return (
    <NumberInput
      allowNegative={false}
      thousandSeparator={false}
      {...props}
      value={value ?? ''}
      onValueChange={(payload, source) => {
        // Mantine reports the value it was given back as a "prop" change; only the user's edits count.
        if (source.source !== 'prop') onChange(payload.value);
      }}
    />
  );
}
