import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { User } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
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
  checkCreate,
  checkUpdate,
  createPayload,
  emptyFormValues,
  type FieldErrorKeys,
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

type Prepared =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'send'; send: () => Promise<User> };

interface UserFormProps {
  type: ManagedUserType;
  user?: User;
  onCancel: () => void;
  onSaved: (user: User, created: boolean) => void;
}

function UserForm({ type, user, onCancel, onSaved }: UserFormProps) {
  const { t } = useTranslation('users');
  const [initial] = useState<UserFormValues>(() => (user ? formValuesOf(user) : emptyFormValues()));
  const [values, setValues] = useState<UserFormValues>(initial);
  // The root admin keeps its name, roles, permissions and access (DESIGN §3); the server refuses changes anyway.
  const isRoot = user?.is_root === true;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  const agents = useAgentOptions(hasAgents(type));
  const roles = useRoles(hasRoles(type));
  const permissions = usePermissions(hasRoles(type));

  function set<K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  const translated = (keys: FieldErrorKeys) =>
    Object.fromEntries(
      Object.entries(keys).map(([key, message]) => [key, t(message, { defaultValue: t('validation.invalid') })]),
    );

  /** The request of this form after the client checks: nothing when unchanged, field errors when invalid. */
  function prepare(): Prepared {
    if (user) {
      const changes = updatePayload(type, initial, values);
      // Nothing changed: the modal just closes (SPEC §5).
      if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
      const invalid = checkUpdate(changes);
      if (invalid) return { kind: 'invalid', errors: translated(invalid) };
      return { kind: 'send', send: () => update.mutateAsync({ uuid: user.uuid, changes }) };
    }
    const payload = createPayload(type, values);
    const invalid = checkCreate(payload);
    if (invalid) return { kind: 'invalid', errors: translated(invalid) };
    return { kind: 'send', send: () => create.mutateAsync(payload) };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const prepared = prepare();
    setErrors(prepared.kind === 'invalid' ? prepared.errors : {});
    setFailure(prepared.kind === 'invalid' ? t('invalidForm') : null);
    if (prepared.kind === 'unchanged') onCancel();
    if (prepared.kind !== 'send') return;
    try {
      onSaved(await prepared.send(), !user);
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('saveFailed'));
        return;
      }
      setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, texts]) => [key, texts[0] ?? ''])));
      setFailure(
        error.isNetworkError ? t('errors.requestFailed', { ns: 'app' }) : (error.localizedMessage ?? t('saveFailed')),
      );
    }
  }

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
            value={values.username}
            onChange={(event) => set('username', event.currentTarget.value)}
            error={errors.username}
            disabled={isRoot}
            description={isRoot ? t('form.rootKept') : undefined}
            data-autofocus
          />
          <TextInput
            label={t('field.email')}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          {!values.create_invite_link && (
            <PasswordField
              label={t('field.password')}
              description={user ? t('form.passwordKeep') : undefined}
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={errors.password}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t('field.comment')}
          rows={3}
          value={values.comment}
          onChange={(event) => set('comment', event.currentTarget.value)}
          error={errors.comment}
        />
        <Group gap="lg">
          <Toggle
            label={t('field.manualWithdrawal')}
            checked={values.manual_withdrawal}
            onChange={(checked) => set('manual_withdrawal', checked)}
          />
          <Toggle
            label={t('field.active')}
            checked={values.is_active}
            onChange={(checked) => set('is_active', checked)}
            disabled={isRoot}
          />
          {!user && (
            <Toggle
              label={t('field.createInviteLink')}
              checked={values.create_invite_link}
              onChange={(checked) => set('create_invite_link', checked)}
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
              onChange={(selected) => set('roles', selected)}
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
              onChange={(selected) => set('permissions', selected)}
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
              onChange={(checked) => set('withdraw_open', checked)}
              mb={8}
            />
            <Toggle
              label={t('field.depositOpen')}
              checked={values.deposit_open}
              onChange={(checked) => set('deposit_open', checked)}
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
              onChange={(value) => set('insurance_payment_amount', value)}
              decimalScale={6}
              hideControls
              error={errors['profile.insurance_payment_amount']}
            />
          </SimpleGrid>
        )}
        {hasFees(type) && <FeeRowsEditor fees={values.fees} onChange={(fees) => set('fees', fees)} errors={errors} />}
        {hasAgents(type) && (
          <AgentLinksEditor
            kind={type === 'trader' ? 'teamleads' : 'referrals'}
            links={values.agents}
            onChange={(links) => set('agents', links)}
            options={agents.data ?? []}
            loading={agents.isPending}
            errors={errors}
          />
        )}
        {(failure !== null || unplaced.length > 0) && (
          <Stack gap={2} role="alert">
            {failure !== null && (
              <Text c="red" size="sm">
                {failure}
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
