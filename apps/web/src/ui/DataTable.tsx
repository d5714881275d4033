import { Box, LoadingOverlay, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Field name the server sorts by, when it differs from `key`. */
  sortKey?: string;
  /**
   * Keeps the column at the right edge of the scroll box: the row's actions of a table wider than the screen stay in
   * view while the rest scrolls under them.
   */
  pinned?: boolean;
}

/** The pinned column sticks to the right and paints over the cells scrolling under it, with a rule on its left. */
export const pinnedCellStyle = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color, var(--mantine-color-default-border))',
} as const;

const cellStyle = <Row,>(column: DataTableColumn<Row>) => (column.pinned ? pinnedCellStyle : undefined);

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** Stable React key of a row; the row index is used when omitted. */
  rowKey?: (row: Row) => string;
  loading?: boolean;
  /** Shown in a single row when there are no rows; defaults to a generic "No data to display". */
  emptyMessage?: ReactNode;
  /** Wire form of the sort: "created_at" ascending, "-created_at" descending, undefined for none. */
  sort?: string;
  onSortChange?: (sort: string | undefined) => void;
  onRowClick?: (row: Row) => void;
  /** Width below which the table scrolls horizontally instead of squeezing its columns. */
  minWidthPx?: number;
  /** The table's name for assistive technology, where the page shows several tables or none is titled nearby. */
  caption?: string;
  /**
   * Names the scroll box and puts it in the tab order: a wide table scrolls sideways on a phone, and a keyboard user
   * must be able to reach it and scroll it even where its cells hold nothing focusable.
   */
  scrollRegionLabel?: string;
}

/** Read by screen readers, not drawn: the heading or the tab above the table already says it to the eye. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

type SortDirection = 'ascending' | 'descending' | 'none';

/** Clicking a header cycles ascending → descending → none (SPEC §4 "UI"); another column starts ascending. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

function sortDirection(current: string | undefined, field: string): SortDirection {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}

const sortIcons = { ascending: IconChevronUp, descending: IconChevronDown, none: IconSelector } as const;

interface HeaderCellProps<Row> {
  column: DataTableColumn<Row>;
  sort: string | undefined;
  onSortChange: ((sort: string | undefined) => void) | undefined;
}

function HeaderCell<Row>({ column, sort, onSortChange }: HeaderCellProps<Row>) {
  if (!column.sortable || !onSortChange) return <Table.Th style={cellStyle(column)}>{column.title}</Table.Th>;
  const field = column.sortKey ?? column.key;
  const direction = sortDirection(sort, field);
  const Icon = sortIcons[direction];
  return (
    <Table.Th aria-sort={direction} style={cellStyle(column)}>
      <UnstyledButton
        onClick={() => onSortChange(nextSort(sort, field))}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit', fontWeight: 'inherit' }}
      >
        {column.title}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}

const interactiveSelector = 'a, button, input, select, textarea, [role="button"], [role="switch"], [role="combobox"]';

/** Clicks and keys on a control inside the row (an action button, a copy icon) belong to that control. */
function cameFromControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return target !== null && target !== event.currentTarget && target.closest(interactiveSelector) !== null;
}

function rowHandlers(action: (() => void) | undefined) {
  if (!action) return {};
  return {
    tabIndex: 0,
    style: { cursor: 'pointer' },
    onClick: (event: MouseEvent) => {
      if (!cameFromControl(event)) action();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (cameFromControl(event) || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      action();
    },
  };
}

/** A sortable, horizontally scrollable table with a loading overlay and an empty-state row. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, loading = false, emptyMessage, sort, onSortChange, onRowClick } = props;
  const { t } = useTranslation('ui');
  const showEmpty = rows.length === 0 && !loading;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading} loaderProps={{ 'aria-label': t('table.loading'), role: 'status' }} />
      {/* An empty list has nothing to scroll to: it fits the screen, so no scroll box without a focusable cell. */}
      <Table.ScrollContainer
        minWidth={showEmpty ? 0 : (props.minWidthPx ?? 640)}
        type="native"
        // Even empty, a table of many columns is wider than a phone: its header scrolls, so the box takes the focus.
        {...(props.scrollRegionLabel ? { role: 'region', 'aria-label': props.scrollRegionLabel, tabIndex: 0 } : {})}
      >
        <Table highlightOnHover={Boolean(onRowClick)} aria-busy={loading}>
          {props.caption && <Table.Caption style={visuallyHidden}>{props.caption}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} onSortChange={onSortChange} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={rowKey ? rowKey(row) : index} {...rowHandlers(onRowClick && (() => onRowClick(row)))}>
                {columns.map((column) => (
                  <Table.Td key={column.key} style={cellStyle(column)}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {showEmpty && (
              <Table.Tr>
                <Table.Td colSpan={columns.length} ta="center" c="dimmed">
                  {emptyMessage ?? t('table.empty')}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
