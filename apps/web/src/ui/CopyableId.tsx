import { Group, Text } from '@mantine/core';
import { shortenId } from '../lib/format';
import { CopyAction } from './CopyAction';

export interface CopyableIdProps {
  id: string;
  /** How long the copied mark stays; defaults to the table's 3 s. */
  timeoutMs?: number;
}

/** A shortened identifier (first 4 … last 4) with the full one on hover and a button that copies the full one. */
export function CopyableId({ id, timeoutMs }: CopyableIdProps) {
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Text component="span" ff="monospace" size="sm" title={id} style={{ whiteSpace: 'nowrap' }}>
        {shortenId(id)}
      </Text>
      <CopyAction value={id} timeoutMs={timeoutMs} />
    </Group>
  );
}
