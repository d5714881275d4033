import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type AntiFraudSettings,
  type AntiFraudSettingsUpdate,
  antiFraudRules,
  antiFraudSettingRange,
  antiFraudSettingsUpdateSchema,
} from '@paydesk/contract';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { useSettings } from '../api/getSettings';
import { useUpdateSettings } from '../api/updateSettings';

export interface SettingsModalProps {
  opened: boolean;
  /** A support admin sees the settings and changes nothing. */
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** SPEC §2.16 settings modal: one number per rule of DESIGN §13, read from the server each time it opens. */
export function SettingsModal({ opened, readOnly, onClose, onSaved }: SettingsModalProps) {
  const { t } = useTranslation('antifraud');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('settings.title')} size="lg">
      {opened && <SettingsLoader readOnly={readOnly} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}

function SettingsLoader({ readOnly, onClose, onSaved }: Omit<SettingsModalProps, 'opened'>) {
  const { t } = useTranslation('antifraud');
  const failureText = useFailureText();
  const settings = useSettings();
  // The form starts from what the server holds now: a map cached from an earlier opening could be saved back stale.
  if (!settings.data || !settings.isFetchedAfterMount || settings.isError) {
    return (
      <ModalLoadState
        failure={settings.error ? failureText(settings.error, t('settings.loadFailed')) : null}
        cancelLabel={t('settings.close')}
        onCancel={onClose}
      />
    );
  }
  return <SettingsForm initial={settings.data} readOnly={readOnly} onClose={onClose} onSaved={onSaved} />;
}

/** The settings the user changed, trimmed: only they are sent, so two admins editing different rules both keep theirs. */
export function changedSettings(initial: AntiFraudSettings, values: AntiFraudSettings): AntiFraudSettingsUpdate {
  const changed: AntiFraudSettingsUpdate = {};
  for (const rule of antiFraudRules) {
    const value = values[rule].trim();
    if (value !== initial[rule]) changed[rule] = value;
  }
  return changed;
}

/** The contract's message for a rule (`anti_fraud.errors.<rule>`) in the form's words, with the rule's range. */
function rangeMessage(key: string, t: TFunction): string {
  const rule = antiFraudRules.find((candidate) => key.endsWith(`.${candidate}`));
  return rule ? t('settings.range', antiFraudSettingRange[rule]) : t(key);
}

function SettingsForm(props: { initial: AntiFraudSettings } & Omit<SettingsModalProps, 'opened'>) {
  const { initial, readOnly, onClose, onSaved } = props;
  const { t } = useTranslation('antifraud');
  const save = useUpdateSettings();
  const { form, failure, submit } = useContractForm(antiFraudSettingsUpdateSchema, initial, {
    translate: (key) => rangeMessage(key, t),
    fallback: t('settings.saveFailed'),
    transform: (values) => changedSettings(initial, values),
    clearErrorOnChange: true,
    fields: antiFraudRules,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || save.isPending) return;
    // Nothing changed: nothing to send (SPEC §5 does the same for a user's edit form).
    if (Object.keys(changedSettings(initial, form.getValues())).length === 0) {
      onClose();
      return;
    }
    const saved = await submit((data) => save.mutateAsync(data));
    if (saved) onSaved();
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('settings.intro')}</Text>
        {readOnly && (
          <Text size="sm" c="dimmed">
            {t('settings.readOnly')}
          </Text>
        )}
        {antiFraudRules.map((rule, index) => (
          <TextInput
            key={rule}
            label={t(`rule.${rule}.label`)}
            description={t(`rule.${rule}.help`, antiFraudSettingRange[rule])}
            placeholder={t('settings.off')}
            {...form.getInputProps(rule)}
            readOnly={readOnly}
            inputMode="numeric"
            autoComplete="off"
            data-autofocus={index === 0 && !readOnly ? true : undefined}
          />
        ))}
        {readOnly ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('settings.close')}
            </Button>
          </Group>
        ) : (
          <FormFooter
            failure={failure}
            cancelLabel={t('settings.cancel')}
            onCancel={onClose}
            submitLabel={t('settings.save')}
            busy={save.isPending}
          />
        )}
      </Stack>
    </form>
  );
}
