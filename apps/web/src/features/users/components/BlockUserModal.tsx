import { Stack, Text, Textarea } from '@mantine/core';
import type { User } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
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
  const [comment, setComment] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (block.isPending) return;
    setFailure(null);
    const reason = comment.trim();
    if (reason === '') {
      setFieldError(t('validation.block_comment'));
      return;
    }
    setFieldError(null);
    try {
      onBlocked(await block.mutateAsync({ uuid: user.uuid, comment: reason }));
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('saveFailed'));
        return;
      }
      const { comment: commentErrors, ...others } = error.fieldErrors;
      if (commentErrors?.[0]) setFieldError(commentErrors[0]);
      // Other field messages ("You cannot block yourself.") say more than the general one.
      const other = Object.values(others).flat()[0];
      setFailure(other ?? error.localizedMessage ?? t('saveFailed'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('block.text')}</Text>
        <Textarea
          label={t('block.comment')}
          required
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={fieldError}
          data-autofocus
        />
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
