import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface FormCardProps {
  /** id of the heading, which names the section for assistive technology. */
  titleId: string;
  title: string;
  subtitle?: string;
  maxWidthPx?: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A centred card with a heading and one form: the sign-in and invite pages, which stand without the app shell. */
export function FormCard({ titleId, title, subtitle, maxWidthPx = 400, onSubmit, children }: FormCardProps) {
  return (
    <Center mih="70vh" px="xs">
      <Paper
        component="section"
        withBorder
        shadow="sm"
        radius="md"
        p="xl"
        w="100%"
        maw={maxWidthPx}
        aria-labelledby={titleId}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2" id={titleId}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
