import { Stack, Text } from '@mantine/core';
import { type ExecutorType, executorAddSchema, executorTypes, type Flow, priorityMax } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { SingleSelect } from '../../../ui/SingleSelect';
import { useRetained } from '../../../ui/useRetained';
import { useAddExecutor } from '../api/addExecutor';
import { contractKey } from './flowForm';
import { useUserOptions } from './userOptions';

/** The choices of a priority select: 0 to 10 (SPEC §9, 11 values). */
export const priorityOptions = Array.from({ length: priorityMax + 1 }, (_, priority) => String(priority));

export interface ExecutorModalProps {
  flow: Flow | null;
  onClose: () => void;
  /** After the executor was added, with its name. */
  onAdded: (flow: Flow, type: ExecutorType, name: string) => void;
}

/** SPEC §2.19 "add executors": a trader or a partner joins the flow, at a priority. */
export function ExecutorModal({ flow, onClose, onAdded }: ExecutorModalProps) {
  const { t } = useTranslation('flows');
  const shown = useRetained(flow);
  return (
    <AppModal opened={flow !== null} onClose={onClose} title={t('executorForm.title')}>
      {shown && <ExecutorForm key={shown.uuid} flow={shown} onCancel={onClose} onAdded={onAdded} />}
    </AppModal>
  );
}

interface Values {
  executor_type: ExecutorType;
  executor_id: string;
  priority: string;
}

const initialValues: Values = { executor_type: 'trader', executor_id: '', priority: '0' };

function ExecutorForm({
  flow,
  onCancel,
  onAdded,
}: {
  flow: Flow;
  onCancel: () => void;
  onAdded: ExecutorModalProps['onAdded'];
}) {
  const { t } = useTranslation('flows');
  const { form, failure, submit, selectProps } = useContractForm(executorAddSchema, initialValues, {
    translate: (key) => t(contractKey(key), { defaultValue: t('validation.invalid') }),
    fallback: t('executorForm.failed'),
    transform: (values) => ({ ...values, priority: Number(values.priority) }),
    clearErrorOnChange: true,
  });
  const { values } = form;
  const traders = useUserOptions('trader', values.executor_type === 'trader');
  const partners = useUserOptions('partner', values.executor_type === 'partner');
  const users = values.executor_type === 'trader' ? traders : partners;
  const add = useAddExecutor();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const saved = await submit((body) => add.mutateAsync({ flowId: flow.uuid, body }));
    if (saved) onAdded(saved, values.executor_type, users.usernameOf(values.executor_id));
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('executorForm.of', { name: flow.name })}</Text>
        <SingleSelect
          label={t('executorForm.type')}
          required
          data={executorTypes.map((type) => ({ value: type, label: t(`executor.${type}`) }))}
          value={values.executor_type}
          onChange={(value) => {
            if (!value) return;
            form.setFieldValue('executor_type', value as ExecutorType);
            form.setFieldValue('executor_id', '');
          }}
          allowDeselect={false}
          error={form.errors.executor_type}
        />
        <SingleSelect
          label={t(`executor.${values.executor_type}`)}
          required
          searchable
          data={users.options}
          {...selectProps('executor_id')}
          disabled={users.loading}
          nothingFoundMessage={t('form.nothingFound')}
          data-autofocus
        />
        <SingleSelect
          label={t('executorForm.priority')}
          description={t('executorForm.priorityHint')}
          data={priorityOptions}
          value={values.priority}
          onChange={(value) => value && form.setFieldValue('priority', value)}
          allowDeselect={false}
          error={form.errors.priority}
        />
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('executorForm.add')}
          busy={add.isPending}
        />
      </Stack>
    </form>
  );
}
