import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../ui/DecimalInput';
import { MultiSelectField } from '../../../ui/MultiSelectField';
import { Toggle } from '../../../ui/Toggle';
import { type AgentLinkDraft, newAgentLink } from './userForm';

const nameWidth = 120;
const mainWidth = 80;

export interface AgentLinksEditorProps {
  /** `teamleads` on a trader (with a main agent), `referrals` on a merchant. */
  kind: 'teamleads' | 'referrals';
  links: AgentLinkDraft[];
  onChange: (links: AgentLinkDraft[]) => void;
  /** The agents to choose from (`value` uuid, `label` username). */
  options: { value: string; label: string }[];
  loading: boolean;
  errors: Record<string, ReactNode>;
}

/** SPEC §2.8: an agent multi-select with per-agent pay-in and pay-out percentages, '0' when newly chosen. */
export function AgentLinksEditor({ kind, links, onChange, options, loading, errors }: AgentLinksEditorProps) {
  const { t } = useTranslation('users');
  const withMain = kind === 'teamleads';
  const titleId = `${kind}-title`;
  // Agents already linked stay selectable even when they are not among the first page of agents.
  const data = [
    ...options,
    ...links
      .filter((link) => !options.some((option) => option.value === link.user_uuid))
      .map((link) => ({ value: link.user_uuid, label: link.username })),
  ];

  function select(uuids: string[]) {
    onChange(
      uuids.map((uuid) => {
        const kept = links.find((link) => link.user_uuid === uuid);
        return kept ?? newAgentLink(uuid, data.find((option) => option.value === uuid)?.label ?? uuid);
      }),
    );
  }
  const update = (index: number, patch: Partial<AgentLinkDraft>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  // One main team lead at most: switching one on switches the others off.
  const setMain = (index: number, isMain: boolean) =>
    onChange(links.map((link, at) => ({ ...link, is_main: at === index ? isMain : isMain ? false : link.is_main })));
  const error = (index: number, field: string) => errors[`profile.${kind}.${index}.${field}`];
  const listError = errors[`profile.${kind}`];

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t(`form.${kind}`)}
      </Title>
      <MultiSelectField
        aria-labelledby={titleId}
        placeholder={loading ? t('form.agentsLoading') : t('form.agentsPlaceholder')}
        data={data}
        value={links.map((link) => link.user_uuid)}
        onChange={select}
        searchable
        clearable
        nothingFoundMessage={t('form.noAgents')}
      />
      {links.length > 0 && (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" visibleFrom="sm" aria-hidden>
            <Text size="sm" fw={600} w={nameWidth}>
              {t('agent.name')}
            </Text>
            <Text size="sm" fw={600} style={{ flex: 1 }}>
              {t('agent.payIn')}
            </Text>
            <Text size="sm" fw={600} style={{ flex: 1 }}>
              {t('agent.payOut')}
            </Text>
            {withMain && (
              <Text size="sm" fw={600} w={mainWidth}>
                {t('agent.main')}
              </Text>
            )}
          </Group>
          {links.map((link, index) => (
            <Group
              key={link.user_uuid}
              gap="xs"
              align="flex-start"
              p={{ base: 'xs', sm: 0 }}
              bd={{ base: '1px solid var(--mantine-color-default-border)', sm: 'none' }}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Stack gap={0} w={{ base: '100%', sm: nameWidth }} pt={{ base: 0, sm: 8 }}>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                  {link.username}
                </Text>
                {error(index, 'user_uuid') && (
                  <Text size="xs" c="red">
                    {error(index, 'user_uuid')}
                  </Text>
                )}
              </Stack>
              <DecimalInput
                label={t('agent.payIn')}
                labelProps={{ hiddenFrom: 'sm' }}
                aria-label={t('agent.payInOf', { name: link.username })}
                value={link.pay_in_percentage}
                onChange={(value) => update(index, { pay_in_percentage: value })}
                step={0.01}
                decimalScale={2}
                error={error(index, 'pay_in_percentage')}
                style={{ flex: 1 }}
                miw={110}
              />
              <DecimalInput
                label={t('agent.payOut')}
                labelProps={{ hiddenFrom: 'sm' }}
                aria-label={t('agent.payOutOf', { name: link.username })}
                value={link.pay_out_percentage}
                onChange={(value) => update(index, { pay_out_percentage: value })}
                step={0.01}
                decimalScale={2}
                error={error(index, 'pay_out_percentage')}
                style={{ flex: 1 }}
                miw={110}
              />
              {withMain && (
                <Toggle
                  w={{ base: '100%', sm: mainWidth }}
                  pt={{ base: 0, sm: 8 }}
                  label={
                    <Text hiddenFrom="sm" size="sm">
                      {t('agent.main')}
                    </Text>
                  }
                  aria-label={t('agent.mainOf', { name: link.username })}
                  checked={link.is_main}
                  onChange={(checked) => setMain(index, checked)}
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
    </Stack>
  );
}
