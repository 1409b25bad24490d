import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCheck,
  IconUserExclamation,
  IconClockHour4,
  IconPlayerPlay,
  IconRefresh,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { InstanceStatus, messages } from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { paths } from '../../../app/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { TermsAgreement } from '../../../components/terms-agreement';
import { useEvaluate, useStartInstance, type InstanceDetailItem } from '../api';
import { ConcludePanel, OutcomePanel } from './conclusion';
import { RecommendationSummary, RecommendPanel } from './recommendation';
import {
  EVALUATION_TERMS_TITLE,
  EvaluationTerms,
  ProcessStartTerms,
  START_TERMS_TITLE,
} from '../terms';

const m = messages.instances;

/**
 * A 409 means someone acted first (another technician evaluated it): the page refreshes into the
 * new state and this panel may leave with it, so the reason is told where it stays in view.
 */
function toldIfOvertaken(title: string) {
  return (error: unknown) => {
    if (isApiError(error) && error.status === 409)
      notifications.show({ color: 'red', title, message: error.message, withBorder: true });
  };
}

/** A titled section of the instance page where staff or the producer act on it. */
export function ActionSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="leaf.0"
      style={{ borderColor: 'var(--mantine-color-leaf-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The technician's (or admin's) decision on a request nobody has evaluated yet. */
function EvaluatePanel({ instance }: { instance: InstanceDetailItem }) {
  const [accepted, setAccepted] = useState(false);
  const evaluate = useEvaluate(instance.id);
  const decide = (reject: boolean) =>
    evaluate.mutate(reject, {
      onSuccess: () =>
        notifications.show({
          color: reject ? 'red' : 'leaf',
          message: reject ? m.rejectedNotice : m.accepted,
        }),
      onError: toldIfOvertaken(m.evaluateFailed),
    });
  const busy = evaluate.isPending;
  return (
    <ActionSection title="Avaliar solicitação">
      <Text size="sm">
        {instance.requestedBy?.name ?? 'O produtor'} solicitou o selo{' '}
        <strong>{instance.process.stamp.name}</strong> para a propriedade{' '}
        <strong>{instance.business.businessName}</strong>. Confira os dados abaixo e decida: quem
        avalia passa a ser o técnico responsável pelo processo.
      </Text>
      <TermsAgreement
        accepted={accepted}
        onChange={setAccepted}
        title={EVALUATION_TERMS_TITLE}
        disabled={busy}
      >
        <EvaluationTerms businessName={instance.business.businessName} />
      </TermsAgreement>
      {evaluate.isError && (
        <ErrorAlert title={m.evaluateFailed}>{errorMessage(evaluate.error)}</ErrorAlert>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          disabled={!accepted || (busy && evaluate.variables !== false)}
          loading={busy && evaluate.variables === false}
          onClick={() => decide(false)}
        >
          Aceitar solicitação
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconBan size={18} aria-hidden />}
          disabled={!accepted || (busy && evaluate.variables !== true)}
          loading={busy && evaluate.variables === true}
          onClick={() => decide(true)}
        >
          Rejeitar solicitação
        </Button>
      </Group>
    </ActionSection>
  );
}

/** The owner starts the process a technician accepted. */
function StartPanel({ instance }: { instance: InstanceDetailItem }) {
  const [accepted, setAccepted] = useState(false);
  const start = useStartInstance(instance.id);
  return (
    <ActionSection title="Iniciar processo">
      <Text size="sm">
        {instance.technician?.name ?? 'O técnico'} aceitou a sua solicitação do selo{' '}
        <strong>{instance.process.stamp.name}</strong>. Ao iniciar, os formulários da certificação
        ficam disponíveis para preenchimento, cada um com o seu prazo.
      </Text>
      <TermsAgreement
        accepted={accepted}
        onChange={setAccepted}
        title={START_TERMS_TITLE}
        disabled={start.isPending}
      >
        <ProcessStartTerms sealName={instance.process.stamp.name} />
      </TermsAgreement>
      {start.isError && <ErrorAlert title={m.startFailed}>{errorMessage(start.error)}</ErrorAlert>}
      <Button
        leftSection={<IconPlayerPlay size={18} aria-hidden />}
        disabled={!accepted}
        loading={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'leaf', message: m.started }),
            onError: toldIfOvertaken(m.startFailed),
          })
        }
        w={{ base: '100%', xs: 'fit-content' }}
      >
        Iniciar processo
      </Button>
    </ActionSection>
  );
}

/**
 * A started instance: with a committee the technician's parecer técnico, then the admin's
 * decision beside it; without one, the conclusion as always. Everyone reads the parecer.
 */
function OngoingPanel({ instance }: { instance: InstanceDetailItem }) {
  const { committee, recommendation } = instance.review;
  const { conclude, recommend } = instance.actions;
  const parts: ReactNode[] = [];
  if (recommend) parts.push(<RecommendPanel key="recommend" instance={instance} />);
  else if (recommendation && !conclude)
    parts.push(<RecommendationSummary key="summary" recommendation={recommendation} />);
  if (conclude) parts.push(<ConcludePanel key="conclude" instance={instance} />);
  if (committee && !recommendation && !recommend)
    parts.push(
      <Waiting key="waiting">
        Aguardando o parecer técnico de {instance.technician?.name ?? 'o técnico responsável'} para
        a decisão do comitê.
      </Waiting>,
    );
  return parts.length > 0 ? <Stack gap="lg">{parts}</Stack> : null;
}

function Waiting({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconClockHour4 aria-hidden />} role="status">
      {children}
    </Alert>
  );
}

/**
 * Spec §2: what whoever must act now does here: the technician accepts or rejects, the owner
 * starts, the technician concludes; everyone else is told what the instance waits for, and once
 * it is concluded, its outcome.
 */
export function ActionPanel({
  instance,
  isOwner,
}: {
  instance: InstanceDetailItem;
  isOwner: boolean;
}) {
  if (
    instance.review.conflictOfInterest &&
    instance.status !== InstanceStatus.FINISHED &&
    instance.status !== InstanceStatus.REJECTED
  ) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconUserExclamation aria-hidden />}
        title="Conflito de interesse"
      >
        {messages.review.conflictOfInterest}
      </Alert>
    );
  }
  switch (instance.status) {
    case InstanceStatus.PENDING:
      if (instance.actions.evaluate) return <EvaluatePanel instance={instance} />;
      return <Waiting>Solicitação enviada. Aguardando a avaliação de um técnico.</Waiting>;
    case InstanceStatus.PRODUCER_PENDING:
      if (instance.actions.start) return <StartPanel instance={instance} />;
      return (
        <Waiting>
          Solicitação aceita por {instance.technician?.name ?? 'um técnico'}. Aguardando o produtor
          iniciar o processo.
        </Waiting>
      );
    case InstanceStatus.REJECTED:
      return (
        <Alert color="red" variant="light" icon={<IconBan aria-hidden />} title={m.rejected}>
          {isOwner && !instance.childProcessInstance ? (
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Você pode corrigir o que for preciso na propriedade e fazer uma nova solicitação;
                ela ficará no histórico deste selo.
              </Text>
              <Button
                component={Link}
                to={paths.requestProcess(instance.process.id)}
                variant="outline"
                color="red"
                leftSection={<IconRefresh size={18} aria-hidden />}
              >
                Solicitar novamente
              </Button>
            </Stack>
          ) : null}
        </Alert>
      );
    case InstanceStatus.ONGOING:
      return <OngoingPanel instance={instance} />;
    case InstanceStatus.FINISHED:
      return (
        <Stack gap="lg">
          <OutcomePanel instance={instance} isOwner={isOwner} />
          {instance.review.recommendation && (
            <RecommendationSummary recommendation={instance.review.recommendation} />
          )}
        </Stack>
      );
    default:
      return null;
  }
}
