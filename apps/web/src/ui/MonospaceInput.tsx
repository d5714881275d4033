import { TextInput, type TextInputProps } from '@mantine/core';

/** Hashes and addresses are read character by character: only the typed text is monospace, not the label. */
const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** A text input for a hash or an address: monospace, never completed or spell-checked by the browser. */
export function MonospaceInput(props: TextInputProps) {
  return <TextInput styles={monospaceInput} autoComplete="off" spellCheck={false} {...props} />;
}
