import { Paper } from '@mantine/core';
import { REGION_LABELS } from '@agroselo/contracts';
import type { Summary } from '../api';
import { FiguresTable } from './figures-table';
import { formatCount, formatHectares } from '../format';

/** Every municipality with a request in the safra. */
export function MunicipalityTable({
  municipalities,
}: {
  municipalities: Summary['byMunicipality'];
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <FiguresTable
        caption="Pedidos e hectares por município"
        minWidth={720}
        rows={municipalities}
        rowKey={(row) => row.municipality}
        rowHeader={{ label: 'Município', value: (row) => row.municipality }}
        columns={[
          { label: 'Região', value: (row) => REGION_LABELS[row.region], text: true },
          { label: 'Pedidos', value: (row) => formatCount(row.requests) },
          { label: 'Certificados', value: (row) => formatCount(row.certified) },
          { label: 'Reprovados', value: (row) => formatCount(row.rejected) },
          { label: 'Hectares inscritos', value: (row) => formatHectares(row.hectaresEnrolled) },
          { label: 'Hectares certificados', value: (row) => formatHectares(row.hectaresCertified) },
        ]}
      />
    </Paper>
  );
}
