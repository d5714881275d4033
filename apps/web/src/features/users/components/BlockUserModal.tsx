import { Stack, Text, Textarea } from '@mantine/core';
import { blockUserSchema, type User } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRetained } from '../../../ui/useRetained';
import { useBlockUser } from '../api/blockUser';

export interface BlockUserModalProps {
  user: User | null;
  onClose: () => void;
  onBlocked: (user: User) => void;
}

/** SPEC §2.8 block modal: a reason, Cancel and a red Block button. A blank reason sends nothing (§5). */
export function BlockUserModal({ user, onClose, onBlocked }: BlockUserModalProps) {
  const { t } = useTranslation('users');
  const shown = useRetained(user);
  return (
    <AppModal
      opened={user !== null}
      onClose={onClose}
      title={shown ? t('block.title', { username: shown.username }) : ''}
    >
      {shown && <BlockForm key={shown.uuid} user={shown} onCancel={onClose} onBlocked={onBlocked} />}
    </AppModal>
  );
}

function BlockForm({
  user,
  onCancel,
  onBlocked,
}: {
  user: User;
  onCancel: () => void;
  onBlocked: (user: User) => void;
}) {
  const { t } = useTranslation('users');
  const block = useBlockUser();
  const { form, failure, submit } = useContractForm(
    blockUserSchema,
    { comment: '' },
    {
      translate: (key) => t(key, { defaultValue: t('validation.invalid') }),
      fallback: t('saveFailed'),
      transform: ({ comment }) => ({ uuid: user.uuid, comment }),
      // The server's words stay under the form beside a message for the reason; another field's message
      // ("You cannot block yourself.") says more than the general one and takes its place.
      failureAlongside: true,
    },
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (block.isPending) return;
    const blocked = await submit((data) => block.mutateAsync(data));
    if (blocked) onBlocked(blocked);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('block.text')}</Text>
        <Textarea label={t('block.comment')} required rows={3} {...form.getInputProps('comment')} data-autofocus />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onCancel}
          submitLabel={t('block.submit')}
          busy={block.isPending}
          submitColor="red"
        />
      </Stack>
    </form>
  );
}
