import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBan, IconUserExclamation, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InstanceStatus, messages, STAFF_ROLES, type Role } from '@agroselo/contracts';
import { paths } from '../../../lib/paths';
import { lazyPart } from '../../../lib/lazy-part';
import type { InstanceDetailItem } from '../../../queries/instances';
import { RecommendationSummary } from './recommendation-summary';

const m = messages.instances;

/*
 * The panels that act on the instance are loaded when the instance's state shows them: a
 * producer following a started process never runs the staff's forms, terms and dialogs. The page
 * keeps its skeleton while one loads (instance-detail.page.tsx), so nothing moves.
 */
const loadRequestPanels = () => import('./request-panels');
const loadConclusion = () => import('./conclusion');
const loadRecommendation = () => import('./recommendation');
const EvaluatePanel = lazyPart('evaluate-panel', () =>
  loadRequestPanels().then((module) => module.EvaluatePanel),
);
const StartPanel = lazyPart('start-panel', () =>
  loadRequestPanels().then((module) => module.StartPanel),
);
const ConcludePanel = lazyPart('conclude-panel', () =>
  loadConclusion().then((module) => module.ConcludePanel),
);
const OutcomePanel = lazyPart('outcome-panel', () =>
  loadConclusion().then((module) => module.OutcomePanel),
);
const RecommendPanel = lazyPart('recommend-panel', () =>
  loadRecommendation().then((module) => module.RecommendPanel),
);

/**
 * Staff act on the instance as its state moves: their panels load with the page's data rather
 * than after it, and a later state does not wait for its panel.
 */
export function preloadStaffPanels(role: Role | undefined) {
  if (!role || !STAFF_ROLES.includes(role)) return;
  void loadRequestPanels();
  void loadConclusion();
  void loadRecommendation();
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
