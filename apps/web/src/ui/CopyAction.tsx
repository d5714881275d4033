import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the copied mark stays (SPEC §9): tables 3 s, wallet addresses and the insurance gate 5 s, flows 2 s. */
export const copiedTimeoutMs = { table: 3000, walletAddress: 5000, flow: 2000 } as const;

export interface CopyActionProps {
  value: string;
  /** How long the copied mark stays; defaults to the table's 3 s. */
  timeoutMs?: number;
}

/** The DOM types promise `navigator.clipboard`, but browsers omit it outside secure contexts (plain HTTP). */
function clipboardAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
}

/**
 * An icon button that copies `value`, then shows a check and "Copied" for `timeoutMs`. Without the Clipboard API
 * (plain-HTTP origins, old browsers) it says so instead of failing silently (SPEC §8).
 */
export function CopyAction({ value, timeoutMs = copiedTimeoutMs.table }: CopyActionProps) {
  const { t } = useTranslation('ui');
  const [unsupported, setUnsupported] = useState(false);
  // The tooltip opens when the pointer moves over the button, not on the mouseenter a browser sends when the page
  // changes under a still pointer: the insurance gate closing left its pointer over a copy button of /settings, whose
  // "Copy" then stood on screen as if it had outlived the gate.
  const [pointed, setPointed] = useState(false);
  return (
    <CopyButton value={value} timeout={timeoutMs}>
      {({ copied, copy }) => {
        const label = copied ? t('copy.copied') : t('copy.copy');
        const feedback = unsupported ? t('copy.unsupported') : copied ? label : '';
        const copyOrExplain = () => (clipboardAvailable() ? copy() : setUnsupported(true));
        return (
          <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
            <Tooltip label={label} withArrow opened={pointed}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={label}
                onClick={copyOrExplain}
                onPointerMove={() => setPointed(true)}
                onPointerLeave={() => setPointed(false)}
              >
                {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
            <Text component="span" size="xs" role="status" c={unsupported ? 'red' : 'teal'}>
              {feedback}
            </Text>
          </Group>
        );
      }}
    </CopyButton>
  );
}
