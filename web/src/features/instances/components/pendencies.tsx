import { lazy, Suspense, useId, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconMessageReply, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages, PENDENCY_TEXT_MAX } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/error-alert';
import {
  PENDENCY_STATUS_COLORS,
  PendencyDue,
  PendencyStatusBadge,
} from '../../../components/pendency-badges';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatMoment } from '../../../lib/dates';
import {
  pendenciesQueryOptions,
  QUEUED_MESSAGE,
  reviewTotals,
  usePendencyStep,
  type PendencyItem,
} from '../review-api';
import { ReviewList, ReviewSection, useDialogOnDemand } from './review-section';

// The dialog brings the date picker: loaded when staff first open it.
const OpenPendencyDialog = lazy(() =>
  import('./open-pendency-dialog').then((module) => ({ default: module.OpenPendencyDialog })),
);

/** The height one pendência takes while the list loads, so nothing below it moves. */
const ITEM_HEIGHT = 132;

function Counts({ counts }: { counts: InstanceDetailItem['review']['pendencies'] }) {
  const items = [
    { label: 'Abertas', value: counts.open, color: PENDENCY_STATUS_COLORS.open },
    { label: 'Respondidas', value: counts.answered, color: PENDENCY_STATUS_COLORS.answered },
    { label: 'Resolvidas', value: counts.resolved, color: PENDENCY_STATUS_COLORS.resolved },
  ];
  return (
    <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Contagem">
      {items.map((item) => (
        <Badge
          key={item.label}
          component="li"
          // None counted is grey: the outline variant's pale text fails the contrast minimum.
          color={item.value > 0 ? item.color : 'gray'}
          variant="light"
          tt="none"
          size="lg"
        >
          {item.label}: {item.value}
        </Badge>
      ))}
    </Group>
  );
}

type Mode = 'answer' | 'reopen' | null;

/** One pendência: where, what, until when, its state, its answer and what happened to it. */
function PendencyCard({
  pendency,
  instanceId,
  canReview,
  isOwner,
}: {
  pendency: PendencyItem;
  instanceId: string;
  canReview: boolean;
  isOwner: boolean;
}) {
  const headingId = useId();
  const [mode, setMode] = useState<Mode>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const step = usePendencyStep();
  const where = pendency.fieldName
    ? `${pendency.formName} — ${pendency.fieldName}`
    : pendency.formName;
  const open = pendency.status === 'open';

  const choose = (next: Mode) => {
    step.reset();
    setText('');
    setTextError(null);
    setMode(next);
  };

  const send = () => {
    const written = text.trim();
    if (!written) {
      setTextError(
        mode === 'answer' ? messages.review.answerRequired : messages.review.noteRequired,
      );
      return;
    }
    step.mutate(
      { step: mode === 'answer' ? 'answer' : 'reopen', pendency, instanceId, text: written },
      {
        onSuccess: ({ queued }) => {
          setMode(null);
          notifications.show({
            color: queued ? 'yellow' : 'leaf',
            message: queued
              ? QUEUED_MESSAGE
              : mode === 'answer'
                ? 'Resposta enviada.'
                : 'Pendência reaberta.',
          });
        },
      },
    );
  };

  const resolve = () =>
    step.mutate(
      { step: 'resolve', pendency, instanceId, text: '' },
      {
        onSuccess: ({ queued }) =>
          notifications.show({
            color: queued ? 'yellow' : 'leaf',
            message: queued ? QUEUED_MESSAGE : 'Pendência resolvida.',
          }),
      },
    );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-labelledby={headingId}
      style={pendency.late ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" id={headingId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {where}
          </Text>
          <PendencyStatusBadge status={pendency.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {pendency.description}
        </Text>
        <PendencyDue dueDate={pendency.dueDate} late={pendency.late} />
        {pendency.answer && (
          <Paper bg="gray.0" radius="sm" p="xs">
            <Text size="xs" fw={600}>
              Resposta do produtor
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {pendency.answer}
            </Text>
          </Paper>
        )}
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
            Histórico ({pendency.events.length})
          </summary>
          <Stack component="ol" gap={4} mt={6} pl="md" m={0}>
            {pendency.events.map((event) => (
              <Text component="li" size="xs" key={event.id} style={{ overflowWrap: 'anywhere' }}>
                <time dateTime={event.createdAt}>{formatMoment(event.createdAt)}</time>
                {' · '}
                {event.text}
              </Text>
            ))}
          </Stack>
        </details>
        {mode && (
          <Stack gap="xs">
            <Textarea
              label={mode === 'answer' ? 'Resposta' : 'Motivo da reabertura'}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextError(null);
              }}
              error={textError}
              maxLength={PENDENCY_TEXT_MAX}
              autosize
              minRows={2}
              maxRows={8}
              data-autofocus
            />
            <Group gap="xs">
              <Button size="sm" onClick={send} loading={step.isPending}>
                {mode === 'answer' ? 'Enviar resposta' : 'Confirmar reabertura'}
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => choose(null)}
                disabled={step.isPending}
              >
                Cancelar
              </Button>
            </Group>
          </Stack>
        )}
        {step.isError && (
          <ErrorAlert title="Não foi possível concluir a ação">
            {errorMessage(step.error)}
          </ErrorAlert>
        )}
        {!mode && (
          <Group gap="xs">
            {isOwner && open && (
              <Button
                size="xs"
                leftSection={<IconMessageReply size={16} aria-hidden />}
                onClick={() => choose('answer')}
              >
                Responder
              </Button>
            )}
            {isOwner && open && pendency.fieldInstanceId && (
              <Anchor
                component={Link}
                to={paths.formInstance(instanceId, pendency.formInstanceId)}
                size="sm"
              >
                Corrigir no formulário
              </Anchor>
            )}
            {canReview && pendency.status !== 'resolved' && (
              <Button
                size="xs"
                color="leaf"
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={resolve}
                loading={step.isPending && step.variables?.step === 'resolve'}
              >
                Resolver
              </Button>
            )}
            {canReview && pendency.status !== 'open' && (
              <Button
                size="xs"
                variant="outline"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => choose('reopen')}
              >
                Reabrir
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * DESIGN §4b: the instance's pendências with their counts; staff open, resolve and reopen them,
 * the owner answers the open ones (and corrects the field on its form).
 */
export function PendenciesSection({
  instance,
  isOwner,
}: {
  instance: InstanceDetailItem;
  isOwner: boolean;
}) {
  const dialog = useDialogOnDemand();
  const counts = instance.review.pendencies;
  const total = reviewTotals(instance).pendencies;
  const list = useQuery({ ...pendenciesQueryOptions(instance.id), enabled: total > 0 });
  const canReview =
    instance.actions.review && !instance.review.conflictOfInterest && !instance.finished;

  return (
    <ReviewSection
      title="Pendências"
      action={
        canReview && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={dialog.open}
          >
            Abrir pendência
          </Button>
        )
      }
    >
      <Counts counts={counts} />
      <ReviewList
        total={total}
        query={list}
        empty="Nenhuma pendência."
        noun="as pendências"
        itemHeight={ITEM_HEIGHT}
      >
        {(items) =>
          items.map((pendency) => (
            <PendencyCard
              key={pendency.id}
              pendency={pendency}
              instanceId={instance.id}
              canReview={canReview}
              isOwner={isOwner}
            />
          ))
        }
      </ReviewList>
      {dialog.used && (
        <Suspense fallback={null}>
          <OpenPendencyDialog instance={instance} opened={dialog.opened} onClose={dialog.close} />
        </Suspense>
      )}
    </ReviewSection>
  );
}
