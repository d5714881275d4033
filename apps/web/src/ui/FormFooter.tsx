import { Button, type ButtonProps, Group, Text } from '@mantine/core';

export interface FormFooterProps {
  /** The message under the form (SPEC §8: the server's words, in red); null shows nothing. */
  failure: string | null;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  /** Submit stays off until the form holds something to send. */
  submitDisabled?: boolean;
  /** View mode: only the way out, nothing to submit. */
  submitHidden?: boolean;
  /** `red` for a destructive action (Block, Reject). */
  submitColor?: ButtonProps['color'];
}

/** The end of a modal form: the failure line, then Cancel and the submit button, which shows when it is busy. */
export function FormFooter(props: FormFooterProps) {
  const { failure, cancelLabel, onCancel, submitLabel, busy, submitDisabled, submitHidden, submitColor } = props;
  return (
    <>
      {failure !== null && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {!submitHidden && (
          <Button type="submit" color={submitColor} disabled={submitDisabled} loading={busy}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </>
  );
}
