import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table';

export interface FigureColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** Figures align right, so their digits line up; texts stay left. */
  text?: boolean;
}

/**
 * A report's figures as a captioned table: one row a place (its name heads the row), one column
 * a figure; it scrolls sideways inside itself on a phone, labelled by its caption.
 */
export function FiguresTable<Row>({
  caption,
  rowHeader,
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  caption: string;
  rowHeader: { label: string; value: (row: Row) => string };
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  minWidth: number;
}) {
  return (
    <ScrollableTable minWidth={minWidth} label={caption}>
      <Table striped withTableBorder captionSide="top">
        {/* At the start, not centred over a table wider than a phone, where it would be cut. */}
        <Table.Caption ta="left">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{rowHeader.label}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.text ? undefined : 'right'}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Th scope="row" fw={500}>
                {rowHeader.value(row)}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.label} ta={column.text ? undefined : 'right'}>
                  {column.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
