import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { RegionFigures } from '../api';
import { BarChart } from './bar-chart';
import { FiguresTable, type FigureColumn } from './figures-table';
import { formatCount, formatHectares, STATUS_SERIES, statusesOf } from '../format';

/** About the charts' height for the regions of a safra, kept by their skeleton. */
export const CHART_HEIGHT = 320;

/** A chart and the same figures as a table, for screen readers (the chart is hidden from them). */
function ChartWithTable({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {chart}
        {table}
      </Stack>
    </Paper>
  );
}

/** The figures of a chart, a row per region. */
function RegionTable<Row extends { label: string }>({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row>[];
}) {
  return (
    <FiguresTable
      caption={caption}
      minWidth={520}
      rows={rows}
      rowKey={(row) => row.label}
      rowHeader={{ label: 'Região', value: (row) => row.label }}
      columns={columns}
    />
  );
}

/** Hectares enrolled and certified per IRGA region. */
export function HectaresByRegion({ regions }: { regions: RegionFigures[] }) {
  return (
    <ChartWithTable
      title="Hectares por região"
      description="Área de arroz inscrita (pedidos não reprovados) e certificada, por região do IRGA."
      chart={
        <BarChart
          rows={regions}
          format={formatHectares}
          series={[
            { name: 'hectaresEnrolled', label: 'Hectares inscritos', color: 'blue.6' },
            { name: 'hectaresCertified', label: 'Hectares certificados', color: 'teal.6' },
          ]}
        />
      }
      table={
        <RegionTable
          caption="Hectares e pedidos por região"
          rows={regions}
          columns={[
            { label: 'Pedidos', value: (region) => formatCount(region.requests) },
            { label: 'Certificados', value: (region) => formatCount(region.certified) },
            {
              label: 'Hectares inscritos',
              value: (region) => formatHectares(region.hectaresEnrolled),
            },
            {
              label: 'Hectares certificados',
              value: (region) => formatHectares(region.hectaresCertified),
            },
          ]}
        />
      }
    />
  );
}

/** Each region's requests stacked by status, every request counted once. */
export function StatusByRegion({ regions }: { regions: RegionFigures[] }) {
  const rows = regions.map((region) => ({ label: region.label, ...statusesOf(region) }));
  return (
    <ChartWithTable
      title="Pedidos por situação"
      description="Cada pedido em uma situação; 'Aguardando ou cancelados' reúne os que esperam avaliação ou início e os certificados cancelados."
      chart={<BarChart rows={rows} stacked format={formatCount} series={STATUS_SERIES} />}
      table={
        <RegionTable
          caption="Pedidos por situação e região"
          rows={rows}
          columns={STATUS_SERIES.map((series) => ({
            label: series.label,
            value: (row: (typeof rows)[number]) => formatCount(row[series.name]),
          }))}
        />
      }
    />
  );
}
