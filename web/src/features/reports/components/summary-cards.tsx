import { useId } from 'react';
import { Card, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { Summary } from '../api';
import { formatCount, formatDays, formatHectares } from '../format';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed" component="h3">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}

export const SUMMARY_CARD_HEIGHT = 106;
export const SUMMARY_COLS = { base: 2, sm: 3, lg: 4 };

/** The safra's totals, one card per figure, under a heading for screen readers (h1, h2, h3). */
export function SummaryCards({ summary }: { summary: Summary }) {
  const { totals, decisionDays } = summary;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden component="h2" id={headingId}>
        Totais da safra {summary.safra}
      </VisuallyHidden>
      <SimpleGrid cols={SUMMARY_COLS} spacing="md">
        <Figure label="Pedidos" value={formatCount(totals.requests)} />
        <Figure label="Aceitos" value={formatCount(totals.accepted)} />
        <Figure label="Em andamento" value={formatCount(totals.inProgress)} />
        <Figure
          label="Certificados"
          value={formatCount(totals.certified)}
          detail={`Prata ${formatCount(totals.certifiedPrata)} · Ouro ${formatCount(totals.certifiedOuro)} · Sem nível ${formatCount(totals.certifiedNoLevel)}`}
        />
        <Figure label="Reprovados" value={formatCount(totals.rejected)} />
        <Figure label="Suspensos" value={formatCount(totals.suspended)} />
        <Figure label="Hectares inscritos" value={formatHectares(totals.hectaresEnrolled)} />
        <Figure label="Hectares certificados" value={formatHectares(totals.hectaresCertified)} />
        <Figure
          label="Tempo até a decisão (mediana)"
          value={formatDays(decisionDays.median)}
          detail={`90% em até ${formatDays(decisionDays.p90)} · ${formatCount(decisionDays.count)} ${decisionDays.count === 1 ? 'decisão' : 'decisões'}`}
        />
      </SimpleGrid>
    </section>
  );
}
