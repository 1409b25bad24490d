import {
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/error-alert';
import { EmptyList } from '../../components/list/empty-list';
import { reportSummaryQueryOptions, type Summary } from './api';
import { MunicipalityTable } from './components/municipality-table';
import { CHART_HEIGHT, HectaresByRegion, StatusByRegion } from './components/region-charts';
import { SUMMARY_CARD_HEIGHT, SUMMARY_COLS, SummaryCards } from './components/summary-cards';

/** The final layout in grey: nine cards, then the two charts, so nothing moves when it arrives. */
function ReportSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando o relatório…</VisuallyHidden>
      <Stack gap="lg" aria-hidden>
        <SimpleGrid cols={SUMMARY_COLS} spacing="md">
          {Array.from({ length: 9 }, (_, key) => (
            <Skeleton key={key} h={SUMMARY_CARD_HEIGHT} radius="lg" />
          ))}
        </SimpleGrid>
        {[0, 1].map((key) => (
          <Card key={key} withBorder radius="lg" padding="md">
            <Skeleton h={24} w="40%" />
            <Skeleton h={14} w="70%" mt="xs" />
            <Skeleton h={CHART_HEIGHT} mt="md" />
          </Card>
        ))}
      </Stack>
    </div>
  );
}

function Report({ summary }: { summary: Summary }) {
  if (summary.safra === null) {
    return (
      <EmptyList
        icon={<IconChartBar size={30} />}
        title="Nenhuma safra cadastrada"
        hint="Os números aparecem aqui quando houver um processo de certificação com pedidos."
      />
    );
  }
  if (summary.totals.requests === 0) {
    return (
      <EmptyList
        icon={<IconChartBar size={30} />}
        title={`Nenhum pedido na safra ${summary.safra}`}
        hint="Quando os produtores pedirem selos dos processos desta safra, os números aparecem aqui."
      />
    );
  }
  return (
    <Stack gap="lg">
      <SummaryCards summary={summary} />
      <HectaresByRegion regions={summary.byRegion} />
      <StatusByRegion regions={summary.byRegion} />
      <MunicipalityTable municipalities={summary.byMunicipality} />
    </Stack>
  );
}

/**
 * Relatórios (technicians and admins, DESIGN §4b): a safra's requests, certificates and hectares,
 * by IRGA region and municipality. The chosen safra lives in the address (`?safra=`), to share it.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('safra') ?? undefined;
  const query = useQuery(reportSummaryQueryOptions(asked));
  const summary = query.data;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Relatórios</Title>
            <Text c="dimmed">
              Pedidos, certificados e hectares da safra, por região do IRGA e por município.
            </Text>
          </Stack>
          <Select
            label="Safra"
            w={160}
            allowDeselect={false}
            data={summary?.safras ?? (asked ? [asked] : [])}
            value={summary?.safra ?? asked ?? null}
            onChange={(safra) => safra && setParams({ safra }, { replace: true })}
            disabled={!summary || summary.safras.length === 0}
          />
        </Group>
        {query.isError && !summary ? (
          <LoadError title="Não foi possível carregar o relatório" query={query} />
        ) : summary ? (
          <Report summary={summary} />
        ) : (
          <ReportSkeleton />
        )}
      </Stack>
    </Container>
  );
}
