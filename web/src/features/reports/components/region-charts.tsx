import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { RegionFigures } from '../api';
import { ScrollableTable } from './scrollable-table';
import { formatCount, formatHectares, STATUS_SERIES, statusesOf } from '../format';

export const CHART_HEIGHT = 320;

/** A chart and the same figures as a table, for screen readers and for copying. */
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
        {/* The table below holds the same figures: the drawing itself is left to the eyes. */}
        <div aria-hidden style={{ overflow: 'hidden' }}>
          {chart}
        </div>
        <ScrollableTable minWidth={520} label={title}>
          {table}
        </ScrollableTable>
      </Stack>
    </Paper>
  );
}

const regionAxis = { width: 150 };

/** Hectares enrolled and certified per IRGA region. */
export function HectaresByRegion({ regions }: { regions: RegionFigures[] }) {
  return (
    <ChartWithTable
      title="Hectares por região"
      description="Área de arroz inscrita (pedidos não reprovados) e certificada, por região do IRGA."
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={regions}
          dataKey="label"
          orientation="vertical"
          yAxisProps={regionAxis}
          valueFormatter={formatHectares}
          withLegend
          series={[
            { name: 'hectaresEnrolled', label: 'Hectares inscritos', color: 'blue.6' },
            { name: 'hectaresCertified', label: 'Hectares certificados', color: 'teal.6' },
          ]}
        />
      }
      table={
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>Hectares e pedidos por região</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Região</Table.Th>
              <Table.Th scope="col" ta="right">
                Pedidos
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Certificados
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Hectares inscritos
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Hectares certificados
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {regions.map((region) => (
              <Table.Tr key={region.region}>
                <Table.Th scope="row" fw={500}>
                  {region.label}
                </Table.Th>
                <Table.Td ta="right">{formatCount(region.requests)}</Table.Td>
                <Table.Td ta="right">{formatCount(region.certified)}</Table.Td>
                <Table.Td ta="right">{formatHectares(region.hectaresEnrolled)}</Table.Td>
                <Table.Td ta="right">{formatHectares(region.hectaresCertified)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={rows}
          dataKey="label"
          type="stacked"
          orientation="vertical"
          yAxisProps={regionAxis}
          valueFormatter={formatCount}
          // Requests are whole: no 0,75 on the axis.
          xAxisProps={{ allowDecimals: false }}
          withLegend
          series={STATUS_SERIES.map((series) => ({ ...series }))}
        />
      }
      table={
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>Pedidos por situação e região</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Região</Table.Th>
              {STATUS_SERIES.map((series) => (
                <Table.Th key={series.name} scope="col" ta="right">
                  {series.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                {STATUS_SERIES.map((series) => (
                  <Table.Td key={series.name} ta="right">
                    {formatCount(row[series.name])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}
