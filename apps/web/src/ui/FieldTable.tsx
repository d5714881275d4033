import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label, its value and, where two labels may be the same, a key of its own. */
export type FieldRow = readonly [label: string, value: ReactNode, key?: string];

export interface FieldTableProps {
  /** What the table is about; none where the dialog's title already says it (a confirmation's facts). */
  caption?: string;
  captionSide?: TableProps['captionSide'];
  rows: readonly FieldRow[];
}

/** A captioned two-column table of labels (row headers) and their values; long values wrap anywhere. */
export function FieldTable({ caption, captionSide, rows }: FieldTableProps) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder captionSide={captionSide}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {rows.map(([label, value, key]) => (
          <Table.Tr key={key ?? label}>
            <Table.Th w="40%" scope="row">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
