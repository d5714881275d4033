import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PayerPageSettings, payerPageSettingsUpdateSchema } from '@paydesk/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { usePayerPageSettings, useUpdatePayerPageSettings } from '../api/payerPageSettings';
import { SettingsQueryState } from './SettingsQueryState';
import { SettingsSection } from './SettingsSection';

type ListField = 'payer_return_hosts' | 'payer_frame_origins';

interface Values {
  payer_display_name: string;
  payer_support_contact: string;
  payer_return_hosts: string[];
  payer_frame_origins: string[];
}

const valuesOf = (saved: PayerPageSettings): Values => ({
  payer_display_name: saved.payer_display_name ?? '',
  payer_support_contact: saved.payer_support_contact ?? '',
  payer_return_hosts: saved.payer_return_hosts,
  payer_frame_origins: saved.payer_frame_origins,
});

/** The words of each list: its legend, what it is for, a row's name, and what an empty list means. */
const listTexts = {
  payer_return_hosts: {
    label: 'payerPage.returnHosts',
    hint: 'payerPage.returnHostsHint',
    row: 'payerPage.returnHost',
    add: 'payerPage.addReturnHost',
    empty: 'payerPage.noReturnHosts',
    placeholder: 'shop.example.com',
  },
  payer_frame_origins: {
    label: 'payerPage.frameOrigins',
    hint: 'payerPage.frameOriginsHint',
    row: 'payerPage.frameOrigin',
    add: 'payerPage.addFrameOrigin',
    empty: 'payerPage.noFrameOrigins',
    placeholder: 'https://shop.example.com',
  },
} as const;

type Form = ReturnType<typeof usePayerPageForm>['form'];

function usePayerPageForm(saved: PayerPageSettings) {
  const { t } = useTranslation('settings');
  return useContractForm(payerPageSettingsUpdateSchema, valuesOf(saved), {
    translate: (key) => t(key),
    fallback: t('updateFailed'),
    fields: 'any',
    clearErrorOnChange: true,
  });
}

/** One list of host names or origins: a row each with its own field and Remove, and an Add below. */
function ListEditor({ form, field }: { form: Form; field: ListField }) {
  const { t } = useTranslation('settings');
  const legendId = useId();
  const hintId = useId();
  const texts = listTexts[field];
  const rows = form.getValues()[field];
  const listError = form.errors[field];
  return (
    <Stack gap={6} role="group" aria-labelledby={legendId} aria-describedby={hintId}>
      <Text size="sm" fw={500} id={legendId}>
        {t(texts.label)}
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        {t(texts.hint)}
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(texts.empty)}
        </Text>
      )}
      {rows.map((_, index) => {
        const name = t(texts.row, { number: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions of the list being edited.
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={name}
              placeholder={texts.placeholder}
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps(`${field}.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('payerPage.remove', { name })}
              title={t('payerPage.remove', { name })}
              onClick={() => form.removeListItem(field, index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem(field, '')}
        >
          {t(texts.add)}
        </Button>
      </Group>
    </Stack>
  );
}

function PayerPageForm({ saved }: { saved: PayerPageSettings }) {
  const { t } = useTranslation('settings');
  const mutation = useUpdatePayerPageSettings();
  const { form, failure, submit } = usePayerPageForm(saved);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    // A row left blank is no entry: it goes before the check, so no message points at an empty row.
    const values = form.getValues();
    for (const field of ['payer_return_hosts', 'payer_frame_origins'] as const) {
      const kept = values[field].filter((entry) => entry.trim() !== '');
      if (kept.length !== values[field].length) form.setFieldValue(field, kept);
    }
    const result = await submit((change) => mutation.mutateAsync(change));
    if (!result) return;
    form.setValues(valuesOf(result));
    form.resetDirty(valuesOf(result));
    notifications.show({ color: 'teal', message: t('payerPage.saved'), withCloseButton: false });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('payerPage.displayName')}
          description={t('payerPage.displayNameHint')}
          autoComplete="organization"
          {...form.getInputProps('payer_display_name')}
        />
        <TextInput
          label={t('payerPage.supportContact')}
          description={t('payerPage.supportContactHint')}
          autoComplete="off"
          {...form.getInputProps('payer_support_contact')}
        />
        <ListEditor form={form} field="payer_return_hosts" />
        <ListEditor form={form} field="payer_frame_origins" />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
          <Button type="submit" loading={mutation.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * DESIGN §20 merchant settings (merchant only): the shop's name and support contact its payers see on the payer's
 * page, the hosts the page may send a payer back to, and the origins that may show it in a frame (none by default).
 */
export function PayerPageCard() {
  const { t } = useTranslation('settings');
  const query = usePayerPageSettings();
  return (
    <SettingsSection title={t('payerPage.title')} description={t('payerPage.description')}>
      <SettingsQueryState query={query} failed={t('loadFailed')}>
        {(saved) => <PayerPageForm saved={saved} />}
      </SettingsQueryState>
    </SettingsSection>
  );
}
