import { useState } from 'react';
import { Button, Group, Radio, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGavel } from '@tabler/icons-react';
import {
  messages,
  RECOMMENDATION_LABELS,
  RECOMMENDATION_MAX,
  type RecommendationOutcome,
} from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { ErrorAlert } from '../../../components/error-alert';
import type { InstanceDetailItem } from '../../../queries/instances';
import { QUEUED_MESSAGE, useRecommend } from '../review-api';
import { ActionSection } from './action-section';

const m = messages.review;

/** The outcomes the technician may recommend: the levels the process offers, and failing. */
export function recommendationOutcomes(levels: readonly string[]): RecommendationOutcome[] {
  return [...(['prata', 'ouro'] as const).filter((level) => levels.includes(level)), 'reprovar'];
}

/**
 * With a committee, the assigned technician's parecer técnico: an outcome and its
 * justification, replaced until the admin decides.
 */
export function RecommendPanel({ instance }: { instance: InstanceDetailItem }) {
  const current = instance.review.recommendation;
  const [outcome, setOutcome] = useState<RecommendationOutcome | null>(current?.outcome ?? null);
  const [justification, setJustification] = useState(current?.justification ?? '');
  const [errors, setErrors] = useState<{ outcome?: string; justification?: string }>({});
  const recommend = useRecommend(instance.id);
  const outcomes = recommendationOutcomes(instance.review.levels);

  const submit = () => {
    const found = {
      outcome: outcome ? undefined : m.outcomeRequired,
      justification: justification.trim() ? undefined : m.justificationRequired,
    };
    setErrors(found);
    if (!outcome || found.justification) return;
    recommend.mutate(
      { outcome, justification: justification.trim() },
      {
        onSuccess: ({ queued }) =>
          notifications.show({
            color: queued ? 'yellow' : 'leaf',
            message: queued ? QUEUED_MESSAGE : 'Parecer técnico registrado.',
          }),
      },
    );
  };

  return (
    <ActionSection title="Parecer técnico">
      <Text size="sm">
        Este processo é decidido por um comitê: registre a sua recomendação e a justificativa. Um
        administrador conclui o processo.
        {current ? ' Você pode substituir o parecer até a decisão.' : ''}
      </Text>
      <Radio.Group
        label="Recomendação"
        value={outcome}
        onChange={(value) => {
          setOutcome(value as RecommendationOutcome);
          setErrors((found) => ({ ...found, outcome: undefined }));
        }}
        error={errors.outcome}
      >
        <Group gap="md" mt="xs">
          {outcomes.map((value) => (
            <Radio key={value} value={value} label={RECOMMENDATION_LABELS[value]} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label="Justificativa"
        value={justification}
        onChange={(event) => {
          setJustification(event.currentTarget.value);
          setErrors((found) => ({ ...found, justification: undefined }));
        }}
        error={errors.justification}
        maxLength={RECOMMENDATION_MAX}
        autosize
        minRows={3}
        maxRows={10}
      />
      {recommend.isError && (
        <ErrorAlert title="Não foi possível registrar o parecer">
          {errorMessage(recommend.error)}
        </ErrorAlert>
      )}
      <Button
        leftSection={<IconGavel size={18} aria-hidden />}
        onClick={submit}
        loading={recommend.isPending}
        w={{ base: '100%', xs: 'fit-content' }}
      >
        {current ? 'Substituir parecer' : 'Registrar parecer'}
      </Button>
    </ActionSection>
  );
}
