import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  type CreatedTerminal,
  type Terminal,
  type TerminalUpdate,
  terminalInputSchema,
  terminalUpdateSchema,
} from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { MultiSelectField } from '../../../ui/MultiSelectField';
import { useCreateTerminal } from '../api/createTerminal';
import { type RequisiteChoicesOwner, useRequisiteChoices } from '../api/listRequisiteChoices';
import type { TerminalScope } from '../api/listTerminals';
import { useUpdateTerminal } from '../api/updateTerminal';
import {
  changedFields,
  createBody,
  emptyTerminalValues,
  requisiteOptions,
  type TerminalFormValues,
  terminalValuesOf,
} from './terminalForm';

export type TerminalFormTarget = { kind: 'create' } | { kind: 'edit'; terminal: Terminal };

export interface TerminalFormModalProps {
  /** What the modal is open for; null when it is closed. */
  target: TerminalFormTarget | null;
  /** A trader's own terminals, or (an admin's) everyone's: it decides whose requisites the form offers. */
  scope: TerminalScope;
  onClose: () => void;
  onCreated: (created: CreatedTerminal) => void;
  onUpdated: (terminal: Terminal) => void;
}

/** SPEC §2.18 add and edit modals: a name and at least one requisite (§5); the form stays open when saving fails. */
export function TerminalFormModal({ target, scope, onClose, onCreated, onUpdated }: TerminalFormModalProps) {
  const { t } = useTranslation('terminals');
  // A new form per opening; while the modal fades out it keeps what it was opened with.
  const [round, setRound] = useState(0);
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) {
    setShown(target);
    setRound((value) => value + 1);
  }
  const editing = shown?.kind === 'edit' ? shown.terminal : null;
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.addTitle')}
    >
      {editing ? (
        <EditTerminalForm
          key={`edit-${round}`}
          terminal={editing}
          owner={choicesOwnerOf(scope, editing)}
          onCancel={onClose}
          onUpdated={onUpdated}
        />
      ) : (
        <AddTerminalForm
          key={`add-${round}`}
          owner={choicesOwnerOf(scope, null)}
          onCancel={onClose}
          onCreated={onCreated}
        />
      )}
    </AppModal>
  );
}

/** A trader picks among its own requisites; an admin editing another's terminal, among that trader's. */
function choicesOwnerOf(scope: TerminalScope, terminal: Terminal | null): RequisiteChoicesOwner {
  return scope === 'all' && terminal ? { kind: 'user', uuid: terminal.user.uuid } : { kind: 'own' };
}

/**
 * The terminal form on a contract schema: the contract's message keys (`terminals.errors.name`, `validation.too_long`)
 * become the form's words, and a field's message goes once it is edited.
 */
function useTerminalForm<S extends z.ZodType>(
  schema: S,
  initialValues: TerminalFormValues,
  transform: (values: TerminalFormValues) => unknown,
) {
  const { t } = useTranslation('terminals');
  return useContractForm(schema, initialValues, {
    translate: (key) => t(key.replace(/^terminals\./, ''), { defaultValue: t('validation.invalid') }),
    fallback: t('saveFailed'),
    transform,
    clearErrorOnChange: true,
  });
}

interface AddTerminalFormProps {
  owner: RequisiteChoicesOwner;
  onCancel: () => void;
  onCreated: (created: CreatedTerminal) => void;
}

function AddTerminalForm({ owner, onCancel, onCreated }: AddTerminalFormProps) {
  const { t } = useTranslation('terminals');
  const create = useCreateTerminal();
  const { form, failure, submit } = useTerminalForm(terminalInputSchema, emptyTerminalValues(), createBody);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const created = await submit((body) => create.mutateAsync(body));
    if (created) onCreated(created);
  }

  return (
    <TerminalFields
      owner={owner}
      form={form}
      failure={failure}
      busy={create.isPending}
      submitLabel={t('form.add')}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

interface EditTerminalFormProps {
  terminal: Terminal;
  owner: RequisiteChoicesOwner;
  onCancel: () => void;
  onUpdated: (terminal: Terminal) => void;
}

function EditTerminalForm({ terminal, owner, onCancel, onUpdated }: EditTerminalFormProps) {
  const { t } = useTranslation('terminals');
  const update = useUpdateTerminal();
  const changesOf = (values: TerminalFormValues): TerminalUpdate => changedFields(terminal, values);
  const { form, failure, submit } = useTerminalForm(terminalUpdateSchema, terminalValuesOf(terminal), changesOf);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // Nothing changed: nothing to send (as the user edit of SPEC §5).
    if (Object.keys(changesOf(form.getValues())).length === 0) {
      onCancel();
      return;
    }
    const saved = await submit((body) => update.mutateAsync({ guid: terminal.guid, changes: body }));
    if (saved) onUpdated(saved);
  }

  return (
    <TerminalFields
      owner={owner}
      carried={terminal.requisites}
      form={form}
      failure={failure}
      busy={update.isPending}
      submitLabel={t('form.save')}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

interface TerminalFieldsProps {
  owner: RequisiteChoicesOwner;
  /** The requisites the edited terminal carries now. */
  carried?: Terminal['requisites'];
  form: UseFormReturnType<TerminalFormValues>;
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

function TerminalFields(props: TerminalFieldsProps) {
  const { form } = props;
  const { t } = useTranslation('terminals');
  const choices = useRequisiteChoices(props.owner, true);
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required autoComplete="off" {...form.getInputProps('name')} data-autofocus />
        <MultiSelectField
          label={t('form.requisites')}
          description={choices.isError ? t('form.requisitesLoadFailed') : t('form.requisitesHint')}
          required
          searchable
          nothingFoundMessage={t('form.nothingFound')}
          data={requisiteOptions(choices.data ?? [], props.carried)}
          {...form.getInputProps('requisites')}
        />
        <FormFooter
          failure={props.failure}
          cancelLabel={t('form.cancel')}
          onCancel={props.onCancel}
          submitLabel={props.submitLabel}
          busy={props.busy}
        />
      </Stack>
    </form>
  );
}
