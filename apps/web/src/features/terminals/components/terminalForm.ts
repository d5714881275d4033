import type { Terminal, TerminalInput, TerminalUpdate } from '@paydesk/contract';
import type { RequisiteChoice } from '../api/listRequisiteChoices';

/** What the add and edit forms hold: the name as typed and the chosen requisites' ids. */
export interface TerminalFormValues {
  name: string;
  requisites: string[];
}

export const emptyTerminalValues = (): TerminalFormValues => ({ name: '', requisites: [] });

export function terminalValuesOf(terminal: Terminal): TerminalFormValues {
  return { name: terminal.name, requisites: terminal.requisites.map((requisite) => requisite.id) };
}

export function createBody(values: TerminalFormValues): TerminalInput {
  return { name: values.name, requisites: values.requisites };
}

const sameIds = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((id) => right.includes(id));

/**
 * What an edit changed, and only that (the server keeps the rest): the name when it differs once trimmed, the
 * requisites when the set differs (their order means nothing). Empty when nothing changed.
 */
export function changedFields(terminal: Terminal, values: TerminalFormValues): TerminalUpdate {
  const initial = terminalValuesOf(terminal);
  const changes: TerminalUpdate = {};
  if (values.name.trim() !== initial.name) changes.name = values.name;
  if (!sameIds(values.requisites, initial.requisites)) changes.requisites = values.requisites;
  return changes;
}

/**
 * The requisites offered: the owner's, then any the terminal carries that are not among them (one removed from the
 * list, or while the list loads), so every chosen id has a name to show.
 */
export function requisiteOptions(
  choices: readonly RequisiteChoice[],
  carried: readonly RequisiteChoice[] = [],
): { value: string; label: string }[] {
  const missing = carried.filter((requisite) => !choices.some((choice) => choice.id === requisite.id));
  return [...choices, ...missing].map((requisite) => ({ value: requisite.id, label: requisite.name }));
}
