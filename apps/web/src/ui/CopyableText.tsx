import { Group, Text } from '@mantine/core';
import { CopyAction } from './CopyAction';

export interface CopyableTextProps {
  value: string;
  /** How long the copied mark stays; wallet addresses pass copiedTimeoutMs.walletAddress (5 s). */
  timeoutMs?: number;
}

/** A value shown in full (a wallet address, an invite link) with a copy button; long values wrap anywhere. */
export function CopyableText({ value, timeoutMs }: CopyableTextProps) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text component="span" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyAction value={value} timeoutMs={timeoutMs} />
    </Group>
  );
}
