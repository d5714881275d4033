import { Button, Group, Stack, Text } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { Toggle } from '../../../ui/Toggle';
import { useToasts } from '../../../ui/useToasts';
import { useSetAutoSettle } from '../api/setAutoSettle';

export interface AutoSettleSwitchProps {
  terminal: Terminal;
  /** A support admin sees the state but changes nothing. */
  disabled: boolean;
}

/**
 * The admin's per-terminal choice (DESIGN §19): weakly authenticated messages (SmsForwarder, the released SMS Gateway
 * webhook) settle their pay-ins by themselves instead of waiting for the trader's confirmation. What that lets a forged
 * message do stands under the switch, and turning it on asks first; turning it off, the safe way, does not.
 */
export function AutoSettleSwitch({ terminal, disabled }: AutoSettleSwitchProps) {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const toasts = useToasts();
  const change = useSetAutoSettle();
  const [asking, setAsking] = useState(false);
  const name = terminal.name;
  const riskId = `auto-settle-risk-${terminal.guid}`;

  function send(next: boolean) {
    change.mutate(
      { guid: terminal.guid, autoSettleWeak: next },
      {
        onSuccess: () => {
          setAsking(false);
          toasts.done(t(next ? 'autoSettle.toastOn' : 'autoSettle.toastOff', { name }));
        },
        onError: (error) =>
          toasts.failed(t('autoSettle.failed', { name, reason: failureText(error, t('saveFailed')) })),
      },
    );
  }

  return (
    <Stack gap={2} maw={220}>
      <Toggle
        aria-label={t('autoSettle.label', { name })}
        aria-describedby={riskId}
        checked={terminal.auto_settle_weak}
        onChange={(next) => (next ? setAsking(true) : send(false))}
        disabled={disabled || change.isPending}
      />
      <Text id={riskId} size="xs" c={terminal.auto_settle_weak ? 'red' : 'dimmed'}>
        {t(terminal.auto_settle_weak ? 'autoSettle.riskOn' : 'autoSettle.riskOff')}
      </Text>
      <AppModal opened={asking} onClose={() => setAsking(false)} title={t('autoSettle.confirmTitle', { name })}>
        <Stack gap="md">
          <Text size="sm">{t('autoSettle.risk')}</Text>
          <Text size="sm" fw={600}>
            {t('autoSettle.confirmQuestion', { name })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={change.isPending} data-autofocus>
              {t('autoSettle.cancel')}
            </Button>
            <Button color="red" onClick={() => send(true)} loading={change.isPending}>
              {t('autoSettle.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
