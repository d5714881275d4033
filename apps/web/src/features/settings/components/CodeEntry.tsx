import { Input, PinInput, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Two-factor codes have six digits (SPEC §9). */
export const twoFactorCodeLength = 6;

interface CodeEntryProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the boxes red; `error` also says why under them. */
  invalid?: boolean;
  error?: string | null;
  disabled?: boolean;
  onComplete?: (value: string) => void;
}

/** Six boxes for a code from an authenticator app, digits only, offered for one-time-code autofill. */
export function CodeEntry({ label, value, onChange, invalid, error, disabled, onComplete }: CodeEntryProps) {
  const { t } = useTranslation('settings');
  const labelId = useId();
  const errorId = useId();
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id={labelId}>
        {label}
      </Input.Label>
      <PinInput
        length={twoFactorCodeLength}
        type="number"
        oneTimeCode
        size="md"
        gap={6}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(invalid || error)}
        disabled={disabled}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': t('twoFactor.digit', { position: index + 1, total: twoFactorCodeLength }),
          'aria-describedby': error ? errorId : undefined,
        })}
      />
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
