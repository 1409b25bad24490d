import { Paper, Table } from '@mantine/core';
import { REGION_LABELS } from '@agroselo/contracts';
import type { Summary } from '../api';
import { ScrollableTable } from './scrollable-table';
import { formatCount, formatHectares } from '../format';

/** Every municipality with a request in the safra. */
export function MunicipalityTable({
  municipalities,
}: {
  municipalities: Summary['byMunicipality'];
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollableTable minWidth={720} label="Pedidos e hectares por município">
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>Pedidos e hectares por município</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Município</Table.Th>
              <Table.Th scope="col">Região</Table.Th>
              <Table.Th scope="col" ta="right">
                Pedidos
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Certificados
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Reprovados
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
            {municipalities.map((row) => (
              <Table.Tr key={row.municipality}>
                <Table.Th scope="row" fw={500}>
                  {row.municipality}
                </Table.Th>
                <Table.Td>{REGION_LABELS[row.region]}</Table.Td>
                <Table.Td ta="right">{formatCount(row.requests)}</Table.Td>
                <Table.Td ta="right">{formatCount(row.certified)}</Table.Td>
                <Table.Td ta="right">{formatCount(row.rejected)}</Table.Td>
                <Table.Td ta="right">{formatHectares(row.hectaresEnrolled)}</Table.Td>
                <Table.Td ta="right">{formatHectares(row.hectaresCertified)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </Paper>
  );
}
