import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title (its one h1) with the screen's actions on the right, wrapping under it on a narrow screen. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
