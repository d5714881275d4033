import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Executor, Flow } from '@paydesk/contract';
import { IconAdjustments, IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../ui/IconAction';
import { executorName } from './executorName';
import { PrioritySelect } from './PrioritySelect';

export interface ExecutorActions {
  onRestrictions: (flow: Flow, executor: Executor, readOnly: boolean) => void;
  onRemove: (flow: Flow, executor: Executor) => void;
}

/**
 * The executors of a flow, highest priority first (SPEC §2.19): each with its kind, its priority selector, and for a
 * trader the buttons that edit and view its restrictions in this flow; every one can be removed.
 */
export function ExecutorList({ flow, actions }: { flow: Flow; actions: ExecutorActions }) {
  const { t } = useTranslation('flows');
  if (flow.executors.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('executor.none')}
      </Text>
    );
  }
  const executors = [...flow.executors].sort((a, b) => b.priority - a.priority);
  return (
    <Stack
      gap={4}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('executor.listOf', { name: flow.name })}
    >
      {executors.map((executor) => {
        const name = executorName(executor);
        return (
          <Group key={executor.bind_id} component="li" gap={6} wrap="nowrap">
            <Text size="sm" fw={500} miw={90} style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={executor.type === 'trader' ? 'blue' : 'grape'}
              style={{ flexShrink: 0 }}
            >
              {t(`executor.${executor.type}`)}
            </Badge>
            <PrioritySelect flow={flow} executor={executor} />
            {executor.type === 'trader' && (
              <>
                <IconAction
                  label={t('executor.editRestrictions', { name })}
                  onClick={() => actions.onRestrictions(flow, executor, false)}
                >
                  <IconAdjustments size={16} aria-hidden />
                </IconAction>
                <IconAction
                  label={t('executor.viewRestrictions', { name })}
                  onClick={() => actions.onRestrictions(flow, executor, true)}
                >
                  <IconEye size={16} aria-hidden />
                </IconAction>
              </>
            )}
            <IconAction
              label={t('executor.remove', { name })}
              color="red"
              onClick={() => actions.onRemove(flow, executor)}
            >
              <IconTrash size={16} aria-hidden />
            </IconAction>
          </Group>
        );
      })}
    </Stack>
  );
}
