import { useId } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RECOMMENDATION_LABELS, type RecommendationOutcome } from '@agroselo/contracts';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatMoment } from '../../../lib/dates';

type RecommendationItem = NonNullable<InstanceDetailItem['review']['recommendation']>;

const OUTCOME_COLORS: Record<RecommendationOutcome, string> = {
  prata: 'gray',
  ouro: 'rice',
  reprovar: 'red',
};

/** The parecer técnico as recorded: what the technician recommends, why, who and when. */
export function RecommendationSummary({
  recommendation,
  framed = true,
}: {
  recommendation: RecommendationItem;
  /** false inside another panel (the committee's decision shows it beside its own fields). */
  framed?: boolean;
}) {
  const headingId = useId();
  const body = (
    <Stack gap={6}>
      <Group gap="sm" justify="space-between">
        <Title order={framed ? 2 : 3} fz={framed ? 'lg' : 'md'} id={headingId}>
          Parecer técnico
        </Title>
        <Badge color={OUTCOME_COLORS[recommendation.outcome]} variant="light" tt="none" size="lg">
          {RECOMMENDATION_LABELS[recommendation.outcome]}
        </Badge>
      </Group>
      <Text size="sm" fw={600}>
        Justificativa
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {recommendation.justification}
      </Text>
      <Text size="xs" c="dimmed">
        {recommendation.author ? `${recommendation.author.name}, ` : ''}
        <time dateTime={recommendation.createdAt}>{formatMoment(recommendation.createdAt)}</time>
      </Text>
    </Stack>
  );
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius={framed ? 'lg' : 'md'}
      p={framed ? 'md' : 'sm'}
      bg={framed ? undefined : 'white'}
    >
      {body}
    </Paper>
  );
}
