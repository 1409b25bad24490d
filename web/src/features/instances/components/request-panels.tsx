import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { messages } from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { ErrorAlert } from '../../../components/error-alert';
import { TermsAgreement } from '../../../components/terms-agreement';
import { useEvaluate, useStartInstance } from '../api';
import { type InstanceDetailItem } from '../../../queries/instances';
import {
  EVALUATION_TERMS_TITLE,
  EvaluationTerms,
  ProcessStartTerms,
  START_TERMS_TITLE,
} from '../terms';
import { ActionSection } from './action-section';

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

/** The technician's (or admin's) decision on a request nobody has evaluated yet. */
export function EvaluatePanel({ instance }: { instance: InstanceDetailItem }) {
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
export function StartPanel({ instance }: { instance: InstanceDetailItem }) {
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
