import { Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FieldTable } from './FieldTable';
import { FormFooter, type FormFooterProps } from './FormFooter';

/** One line of what an action moves: a label and its value (an amount, a user, an address in full). */
export interface ConfirmationFact {
  label: string;
  value: ReactNode;
}

export interface ConfirmationProps extends Omit<FormFooterProps, 'submitHidden'> {
  /** What moves and to whom, read once more before it does. */
  facts: readonly ConfirmationFact[];
  /** One sentence saying what the action does and whether it can be undone. */
  effect?: ReactNode;
  /** Fields the action needs (a reason, a corrected amount), under the facts. */
  children?: ReactNode;
  onConfirm: () => void;
}

/**
 * The body of every confirmation before money moves or something cannot be undone (accepting or rejecting a
 * withdrawal, resolving an appeal, releasing an anti-fraud case, cancelling an order): the facts as a table of label
 * and value, what happens, the action's own fields, then the refusal (in the server's words) and the two buttons.
 * Submitting the form (the button, or Enter in a field) confirms; a second submit while busy does nothing.
 */
export function Confirmation({ facts, effect, children, onConfirm, ...footer }: ConfirmationProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (footer.busy) return;
    onConfirm();
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {facts.length > 0 && <ConfirmationFacts facts={facts} />}
        {effect !== undefined && <Text size="sm">{effect}</Text>}
        {children}
        <FormFooter {...footer} />
      </Stack>
    </form>
  );
}

/** The facts as a two-column table of labels (row headers) and values: a screen reader reads each value with its label. */
export function ConfirmationFacts({ facts }: { facts: readonly ConfirmationFact[] }) {
  return <FieldTable rows={facts.map(({ label, value }) => [label, value] as const)} />;
}
