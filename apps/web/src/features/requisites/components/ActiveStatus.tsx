import { Group, Text } from '@mantine/core';
import type { Requisite } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { OnlineDot } from '../../../ui/OnlineDot';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
import { useToasts } from '../../../ui/useToasts';
import { useUpdateRequisite } from '../api/updateRequisite';

const activeValue = 'active';
const inactiveValue = 'inactive';

/** The coloured dot of `is_active`: green when active, the dimmed grey when not. */
export function ActiveDot({ active }: { active: boolean }) {
  const { t } = useTranslation('requisites');
  return <OnlineDot online={active} label={active ? t('status.active') : t('status.inactive')} />;
}

/**
 * A requisite's `is_active` as the user changes it: the choice shows at once and is sent alone as `{ is_active }`;
 * when the update fails it goes back to what it was and a toast says why. A reloaded row is the truth again.
 */
function useActiveChoice(requisite: Requisite) {
  const { t } = useTranslation('requisites');
  const failureText = useFailureText();
  const update = useUpdateRequisite();
  const toasts = useToasts();
  const [shown, setShown] = useState(requisite.is_active);
  const [known, setKnown] = useState(requisite.is_active);
  // A reloaded row (after this change or anyone else's) is the truth again.
  if (requisite.is_active !== known) {
    setKnown(requisite.is_active);
    setShown(requisite.is_active);
  }

  function choose(next: boolean) {
    if (next === shown) return;
    const previous = shown;
    setShown(next);
    update.mutate(
      { id: requisite.id, changes: { is_active: next } },
      {
        onSuccess: (saved) =>
          toasts.done(t(saved.is_active ? 'toast.activated' : 'toast.deactivated', { name: saved.name })),
        onError: (error) => {
          setShown(previous);
          toasts.failed(t('toast.statusFailed', { name: requisite.name, reason: failureText(error, t('saveFailed')) }));
        },
      },
    );
  }

  return { shown, choose, pending: update.isPending };
}

/** The admin's active/inactive dropdown (SPEC §2.14, §4 Requisite), reverting when the update fails. */
export function ActiveStatusSelect({ requisite }: { requisite: Requisite }) {
  const { t } = useTranslation('requisites');
  const { shown, choose, pending } = useActiveChoice(requisite);
  return (
    <Group gap={6} wrap="nowrap">
      <ActiveDot active={shown} />
      <SingleSelect
        aria-label={t('status.select', { name: requisite.name })}
        data={[
          { value: activeValue, label: t('status.active') },
          { value: inactiveValue, label: t('status.inactive') },
        ]}
        value={shown ? activeValue : inactiveValue}
        onChange={(value) => value !== null && choose(value === activeValue)}
        allowDeselect={false}
        disabled={pending}
        size="xs"
        // "Неактивен" and its chevron, no wider: the admin's list fits 1440 px in Russian.
        w={116}
      />
    </Group>
  );
}

/**
 * The on/off switch of a requisite's card on a phone (issue 32): the same change as the admin's dropdown, one thumb's
 * reach from the requisite's name, labelled with its state in words.
 */
export function ActiveSwitch({ requisite }: { requisite: Requisite }) {
  const { t } = useTranslation('requisites');
  const { shown, choose, pending } = useActiveChoice(requisite);
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The switch says its state to assistive technology itself; the word is for the eye. */}
      <Text size="sm" c={shown ? undefined : 'dimmed'} aria-hidden>
        {shown ? t('status.active') : t('status.inactive')}
      </Text>
      <Toggle
        size="md"
        checked={shown}
        onChange={choose}
        disabled={pending}
        aria-label={t('status.switch', { name: requisite.name })}
      />
    </Group>
  );
}
