import type { Terminal } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { Toggle } from '../../../ui/Toggle';
import { useToasts } from '../../../ui/useToasts';
import { useSetTerminalMode } from '../api/setTerminalMode';

export interface ModeToggleProps {
  terminal: Terminal;
  /** `pay_in` is the deposit toggle (`deposit_open`), `pay_out` the withdraw toggle (`withdraw_open`). */
  direction: 'pay_in' | 'pay_out';
  /** A support admin sees the state but changes nothing. */
  disabled: boolean;
}

const fieldOf = { pay_in: 'deposit_open', pay_out: 'withdraw_open' } as const;
const keysOf = {
  pay_in: { label: 'devices.deposit', failed: 'toast.depositFailed' },
  pay_out: { label: 'devices.withdraw', failed: 'toast.withdrawFailed' },
} as const;

/**
 * A device's deposit or withdraw switch (SPEC §2.17, §4): the new state shows at once and is sent as
 * `{ direction, is_enabled }`; when the server refuses, the switch goes back and a toast gives the server's reason.
 */
export function ModeToggle({ terminal, direction, disabled }: ModeToggleProps) {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const toasts = useToasts();
  const mode = useSetTerminalMode();
  const actual = terminal[fieldOf[direction]];
  const [shown, setShown] = useState(actual);
  const [known, setKnown] = useState(actual);
  // A reloaded row (after this change or anyone else's) is the truth again.
  if (actual !== known) {
    setKnown(actual);
    setShown(actual);
  }
  const keys = keysOf[direction];

  function change(next: boolean) {
    const previous = shown;
    setShown(next);
    mode.mutate(
      { guid: terminal.guid, mode: { direction, is_enabled: next } },
      {
        onError: (error) => {
          setShown(previous);
          toasts.failed(t(keys.failed, { name: terminal.name, reason: failureText(error, t('saveFailed')) }));
        },
      },
    );
  }

  return (
    <Toggle
      aria-label={t(keys.label, { name: terminal.name })}
      checked={shown}
      onChange={change}
      disabled={disabled || mode.isPending}
    />
  );
}
