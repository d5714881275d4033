import { Box, Group, Text } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { statusColor } from '../../../ui/StatusBadge';

/**
 * A terminal's status on its card (SPEC §2.18): a dot and the server's title, both in the status colour of SPEC §4.
 * The title is text in the theme's `-text` shade of that colour, which reads at 4.5:1 in both schemes; the dot only
 * repeats it, so assistive technology skips it.
 */
export function TerminalStatusLabel({ status }: { status: Terminal['status'] }) {
  const color = statusColor(status.slug, 'terminal') ?? 'gray';
  return (
    <Group gap={6} wrap="nowrap" data-status={status.slug}>
      <Box
        component="span"
        aria-hidden
        display="inline-block"
        w={10}
        h={10}
        bg={`var(--mantine-color-${color}-text)`}
        style={{ borderRadius: '50%', flexShrink: 0 }}
      />
      <Text size="sm" fw={600} c={color}>
        {status.title}
      </Text>
    </Group>
  );
}
