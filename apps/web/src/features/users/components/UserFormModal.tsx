import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createUserSchema, type User, updateUserSchema } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { MultiSelectField } from '../../../ui/MultiSelectField';
import { PasswordField } from '../../../ui/PasswordField';
import { Toggle } from '../../../ui/Toggle';
import { useCreateUser } from '../api/createUser';
import { useAgentOptions } from '../api/listAgentOptions';
import { usePermissions } from '../api/listPermissions';
import { useRoles } from '../api/listRoles';
import type { ManagedUserType } from '../api/listUsers';
import { useUpdateUser } from '../api/updateUser';
import { AgentLinksEditor } from './AgentLinksEditor';
import { FeeRowsEditor } from './FeeRowsEditor';
import {
  createPayload,
  emptyFormValues,
  formValuesOf,
  hasAgents,
  hasFees,
  hasRoles,
  isShownAtField,
  type UserFormValues,
  updatePayload,
} from './userForm';

export interface UserFormModalProps {
  type: ManagedUserType;
  opened: boolean;
  /** The user being edited; a new user of `type` is created when absent. */
  user?: User;
  onClose: () => void;
  /** After a successful save; `created` is false for an edit. */
  onSaved: (user: User, created: boolean) => void;
}

/** SPEC §2.8 create and edit modals. */
export function UserFormModal({ type, opened, user, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation('users');
  // While closing, the form keeps the user it was opened with; `undefined` means "create" only when opened.
  const [shownUser, setShownUser] = useState(user);
  if (opened && user !== shownUser) setShownUser(user);
  const title = shownUser ? t(`edit.${type}`, { username: shownUser.username }) : t(`create.${type}`);
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      <UserForm key={shownUser?.uuid ?? 'new'} type={type} user={shownUser} onCancel={onClose} onSaved={onSaved} />
    </AppModal>
  );
}

interface UserFormProps {
  type: ManagedUserType;
  user?: User;
  onCancel: () => void;
  onSaved: (user: User, created: boolean) => void;
}

function UserForm({ type, user, onCancel, onSaved }: UserFormProps) {
  const { t } = useTranslation('users');
  const [initial] = useState<UserFormValues>(() => (user ? formValuesOf(user) : emptyFormValues()));
  // The root admin keeps its name, roles, permissions and access (DESIGN §3); the server refuses changes anyway.
  const isRoot = user?.is_root === true;
  const failureText = useFailureText();
  const { form, failure, submit } = useContractForm(user ? updateUserSchema : createUserSchema, initial, {
    translate: (key) => t(key, { defaultValue: t('validation.invalid') }),
    fallback: (error) => failureText(error, t('saveFailed')),
    transform: (values) => (user ? updatePayload(type, initial, values) : createPayload(type, values)),
    // Fee rows and agent links show their messages by the server's names (`profile.fees.1.min_amount`); the rest is
    // listed under the form, after the server's words.
    fields: 'any',
    failureAlongside: true,
  });
  const values = form.getValues();
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  const agents = useAgentOptions(hasAgents(type));
  const roles = useRoles(hasRoles(type));
  const permissions = usePermissions(hasRoles(type));

  /** The body as built (a password as typed), not the schema's output: the server checks it again. */
  async function send(): Promise<User | undefined> {
    if (!user) return create.mutateAsync(createPayload(type, form.getValues()));
    const changes = updatePayload(type, initial, form.getValues());
    // Nothing changed: the modal just closes (SPEC §5).
    if (Object.keys(changes).length === 0) {
      onCancel();
      return undefined;
    }
    return update.mutateAsync({ uuid: user.uuid, changes });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const saved = await submit(send);
    if (saved) onSaved(saved, !user);
  }

  const errors = form.errors;
  // A refusal of the schema has no words of its own for the form: it asks to check the fields.
  const shownFailure = failure ?? (Object.keys(errors).length > 0 ? t('invalidForm') : null);
  const unplaced = Object.entries(errors).filter(([key]) => !isShownAtField(type, key, values));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('field.username')}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('username')}
            disabled={isRoot}
            description={isRoot ? t('form.rootKept') : undefined}
            data-autofocus
          />
          <TextInput label={t('field.email')} type="email" autoComplete="off" {...form.getInputProps('email')} />
          {!values.create_invite_link && (
            <PasswordField
              label={t('field.password')}
              description={user ? t('form.passwordKeep') : undefined}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          )}
        </SimpleGrid>
        <Textarea label={t('field.comment')} rows={3} {...form.getInputProps('comment')} />
        <Group gap="lg">
          <Toggle
            label={t('field.manualWithdrawal')}
            checked={values.manual_withdrawal}
            onChange={(checked) => form.setFieldValue('manual_withdrawal', checked)}
          />
          <Toggle
            label={t('field.active')}
            checked={values.is_active}
            onChange={(checked) => form.setFieldValue('is_active', checked)}
            disabled={isRoot}
          />
          {!user && (
            <Toggle
              label={t('field.createInviteLink')}
              checked={values.create_invite_link}
              onChange={(checked) => form.setFieldValue('create_invite_link', checked)}
            />
          )}
        </Group>
        {hasRoles(type) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelectField
              label={t('field.roles')}
              placeholder={values.roles.length === 0 ? t('none') : undefined}
              data={(roles.data ?? []).map((role) => ({
                value: role.id,
                label: t(`role.${role.id}`, { defaultValue: role.name }),
              }))}
              value={values.roles}
              onChange={(selected) => form.setFieldValue('roles', selected)}
              error={errors.roles}
              disabled={isRoot}
              clearable
            />
            <MultiSelectField
              label={t('field.permissions')}
              placeholder={values.permissions.length === 0 ? t('none') : undefined}
              data={(permissions.data ?? []).map((permission) => ({
                value: permission.id,
                label: t(`permission.${permission.id}`, { defaultValue: permission.name }),
              }))}
              value={values.permissions}
              onChange={(selected) => form.setFieldValue('permissions', selected)}
              error={errors.permissions}
              disabled={isRoot}
              clearable
            />
          </SimpleGrid>
        )}
        {type === 'trader' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
            <Toggle
              label={t('field.withdrawOpen')}
              checked={values.withdraw_open}
              onChange={(checked) => form.setFieldValue('withdraw_open', checked)}
              mb={8}
            />
            <Toggle
              label={t('field.depositOpen')}
              checked={values.deposit_open}
              onChange={(checked) => form.setFieldValue('deposit_open', checked)}
              mb={8}
            />
            <DecimalInput
              label={t('field.insuranceAmount')}
              rightSection={
                <Text size="xs" c="dimmed">
                  USDT
                </Text>
              }
              rightSectionWidth={48}
              value={values.insurance_payment_amount}
              onChange={(value) => form.setFieldValue('insurance_payment_amount', value)}
              decimalScale={6}
              hideControls
              error={errors['profile.insurance_payment_amount']}
            />
          </SimpleGrid>
        )}
        {hasFees(type) && (
          <FeeRowsEditor fees={values.fees} onChange={(fees) => form.setFieldValue('fees', fees)} errors={errors} />
        )}
        {hasAgents(type) && (
          <AgentLinksEditor
            kind={type === 'trader' ? 'teamleads' : 'referrals'}
            links={values.agents}
            onChange={(links) => form.setFieldValue('agents', links)}
            options={agents.data ?? []}
            loading={agents.isPending}
            errors={errors}
          />
        )}
        {(shownFailure !== null || unplaced.length > 0) && (
          <Stack gap={2} role="alert">
            {shownFailure !== null && (
              <Text c="red" size="sm">
                {shownFailure}
              </Text>
            )}
            {unplaced.map(([key, message]) => (
              <Text key={key} c="red" size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {user ? t('save') : t('createSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
