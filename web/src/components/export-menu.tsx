import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
} from '@tabler/icons-react';
import type { ExportFormat, ExportList } from '@agroselo/contracts';
import { api, type QueryParams } from '../api';
import { useDownload } from '../lib/download';
import { useListParams } from '../lib/use-list-params';

interface ExportMenuProps {
  list: ExportList;
  /** The list's own filters besides its search (e.g. `{ status: 'in_progress' }`). */
  filters?: QueryParams;
}

/**
 * 'Exportar' on a list: the whole list, as its search and filters stand, as CSV (Excel in
 * Brazil opens it right) or XLSX.
 */
export function ExportMenu({ list, filters }: ExportMenuProps) {
  const { search } = useListParams();
  const { busy, start } = useDownload<ExportFormat>();
  const exportAs = (format: ExportFormat) =>
    void start(format, () =>
      api.download(`/export/${list}.${format}`, {
        query: { ...filters, query: search || undefined },
      }),
    );

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy !== null}
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          onClick={() => exportAs('csv')}
        >
          CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() => exportAs('xlsx')}
        >
          Excel
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
