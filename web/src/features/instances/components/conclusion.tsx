import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconQrcode, IconRefresh, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  CONCLUSION_NOTE_MAX,
  messages,
  SEAL_LEVEL_LABELS,
  type CertificateStatus,
  type SealLevel,
} from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { CertificatePdfButton } from '../../../components/certificates/certificate-pdf-button';
import {
  StandingActions,
  StandingSummary,
} from '../../../components/certificates/standing-actions';
import { useConclude } from '../api';
import { type InstanceDetailItem } from '../../../queries/instances';
import { ActionSection } from './action-section';
import { formatPeriod } from '../../../lib/dates';
import { RecommendationSummary } from './recommendation-summary';

const m = messages.certificates;

/** The level a recommendation to approve names, to start the committee's choice from. */
const recommendedLevel = (instance: InstanceDetailItem): SealLevel | null => {
  const outcome = instance.review.recommendation?.outcome;
  return outcome === 'prata' || outcome === 'ouro' ? outcome : null;
};

const CERTIFICATE_STATUS: Record<CertificateStatus, { label: string; color: string }> = {
  valid: { label: 'Válido', color: 'leaf' },
  upcoming: { label: 'Ainda não vigente', color: 'yellow' },
  expired: { label: 'Expirado', color: 'red' },
  suspended: { label: messages.standing.suspended, color: 'orange' },
  revoked: { label: messages.standing.revokedBadge, color: 'red' },
};

/**
 * The assigned technician's (or an admin's) conclusion of a started instance: 'Aprovar' issues
 * the certificate, 'Reprovar' needs the reason; each asks for confirmation, as neither is undone.
 * With a committee it is the admin's 'Decisão do comitê', beside the parecer técnico; when the
 * process offers levels, approving names one ('Nível').
 */
export function ConcludePanel({ instance }: { instance: InstanceDetailItem }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [level, setLevel] = useState<SealLevel | null>(() => recommendedLevel(instance));
  const [levelError, setLevelError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'approve' | 'fail' | null>(null);
  const conclude = useConclude(instance.id);
  const { levels, committee, recommendation, pendencies } = instance.review;
  const openForms = instance.formInstances.filter((form) => form.obligatory && !form.commited);
  const unresolved = pendencies.open + pendencies.answered;
  const blocked = openForms.length > 0 || unresolved > 0;
  const approving = confirming === 'approve';
  const sealName = level
    ? `${instance.process.stamp.name} (${SEAL_LEVEL_LABELS[level]})`
    : instance.process.stamp.name;

  const ask = (decision: 'approve' | 'fail') => {
    if (decision === 'fail' && !note.trim()) {
      setNoteError(m.noteRequired);
      return;
    }
    if (decision === 'approve' && levels.length > 0 && !level) {
      setLevelError(messages.review.levelRequired);
      return;
    }
    setNoteError(null);
    setLevelError(null);
    conclude.reset();
    setConfirming(decision);
  };

  const confirm = () =>
    conclude.mutate(
      {
        approved: approving,
        ...(approving && levels.length > 0 && level ? { level } : {}),
        note: note.trim(),
      },
      {
        onSuccess: () => {
          setConfirming(null);
          notifications.show({
            color: approving ? 'leaf' : 'red',
            message: approving ? m.approvedNotice : m.failedNotice,
          });
        },
        onError: (error) => {
          // Someone concluded it first: the page refreshes into its outcome.
          if (isApiError(error) && error.status === 409) setConfirming(null);
        },
      },
    );

  return (
    <ActionSection title={committee ? 'Decisão do comitê' : 'Concluir processo'}>
      <Text size="sm">
        Confira os formulários e documentos da propriedade{' '}
        <strong>{instance.business.businessName}</strong>. Ao aprovar, o certificado do selo{' '}
        <strong>{instance.process.stamp.name}</strong> é emitido com a validade do processo; ao
        reprovar, o produtor recebe o seu parecer por e-mail.
      </Text>
      {committee && recommendation && (
        <RecommendationSummary recommendation={recommendation} framed={false} />
      )}
      {openForms.length > 0 && (
        <Alert color="yellow" variant="light" title="Ainda não é possível concluir">
          {m.openForms(openForms.map((form) => form.name))}. O processo pode ser concluído quando o
          produtor finalizar todos os formulários obrigatórios.
        </Alert>
      )}
      {unresolved > 0 && (
        <Alert color="yellow" variant="light" title="Há pendências a resolver">
          {unresolved === 1
            ? 'Uma pendência está aberta ou respondida.'
            : `${unresolved} pendências estão abertas ou respondidas.`}{' '}
          O processo pode ser concluído quando todas forem resolvidas.
        </Alert>
      )}
      {levels.length > 0 && (
        <Radio.Group
          label="Nível"
          description="Obrigatório para aprovar."
          value={level}
          onChange={(value) => {
            setLevel(value as SealLevel);
            setLevelError(null);
          }}
          error={levelError}
        >
          <Group gap="md" mt="xs">
            {levels.map((value) => (
              <Radio
                key={value}
                value={value}
                label={value === 'prata' ? 'Prata' : 'Ouro'}
                disabled={blocked}
              />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Textarea
        label="Parecer"
        description="Obrigatório para reprovar. O produtor recebe o parecer por e-mail."
        value={note}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setNoteError(null);
        }}
        error={noteError}
        maxLength={CONCLUSION_NOTE_MAX}
        autosize
        minRows={3}
        maxRows={10}
        disabled={blocked}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Text size="xs" c="dimmed" mt={-8} aria-live="polite">
        {note.length}/{CONCLUSION_NOTE_MAX}
      </Text>
      {conclude.isError && !confirming && (
        <ErrorAlert title={m.concludeFailed}>{errorMessage(conclude.error)}</ErrorAlert>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconCertificate size={18} aria-hidden />}
          disabled={blocked}
          onClick={() => ask('approve')}
        >
          Aprovar
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconX size={18} aria-hidden />}
          disabled={blocked}
          onClick={() => ask('fail')}
        >
          Reprovar
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => !conclude.isPending && setConfirming(null)}
        title={approving ? 'Aprovar o processo?' : 'Reprovar o processo?'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {approving
              ? `O processo será concluído e o certificado do selo ${sealName} será emitido para a propriedade ${instance.business.businessName}.`
              : `O processo será concluído sem o selo ${instance.process.stamp.name}, e o produtor receberá o seu parecer por e-mail.`}{' '}
            Esta decisão não pode ser desfeita.
          </Text>
          {note.trim() && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              Parecer: {note.trim()}
            </Text>
          )}
          {conclude.isError && (
            <ErrorAlert title={m.concludeFailed}>{errorMessage(conclude.error)}</ErrorAlert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(null)}
              disabled={conclude.isPending}
            >
              Cancelar
            </Button>
            <Button
              color={approving ? 'leaf' : 'red'}
              loading={conclude.isPending}
              onClick={confirm}
            >
              {approving ? 'Confirmar aprovação' : 'Confirmar reprovação'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ActionSection>
  );
}

function Note({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Parecer do técnico
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {note}
      </Text>
    </Stack>
  );
}

/** The outcome of a concluded instance: its certificate to download and verify, or the reason. */
export function OutcomePanel({
  instance,
  isOwner,
}: {
  instance: InstanceDetailItem;
  isOwner: boolean;
}) {
  const { certificate } = instance;
  const headingId = useId();
  if (instance.approved && certificate) {
    const status = CERTIFICATE_STATUS[certificate.status];
    return (
      <Paper
        component="section"
        aria-labelledby={headingId}
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        bg="leaf.0"
        style={{ borderColor: 'var(--mantine-color-leaf-4)' }}
      >
        <Stack gap="md">
          <Group gap="sm">
            <IconCertificate size={28} color="var(--mantine-color-leaf-7)" aria-hidden />
            <Title order={2} fz="lg" id={headingId}>
              Processo aprovado: selo concedido
            </Title>
          </Group>
          <Group gap="xl" align="flex-start">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Certificado
              </Text>
              <Text ff="monospace" fw={700} fz="lg">
                {certificate.number}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Safra
              </Text>
              <Text fw={500}>{certificate.safra}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Validade
              </Text>
              <Text fw={500}>{formatPeriod(certificate.validFrom, certificate.validUntil)}</Text>
            </Stack>
            {instance.review.level && (
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Nível
                </Text>
                <Text fw={700}>{SEAL_LEVEL_LABELS[instance.review.level]}</Text>
              </Stack>
            )}
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Situação
              </Text>
              <Badge color={status.color} variant="light" tt="none" size="lg">
                {status.label}
              </Badge>
            </Stack>
          </Group>
          <StandingSummary certificate={certificate} />
          <Note note={instance.finishNote} />
          <Group gap="sm">
            <CertificatePdfButton number={certificate.number} />
            <Button
              component={Link}
              to={paths.verify(certificate.number)}
              variant="light"
              leftSection={<IconQrcode size={18} aria-hidden />}
            >
              Página de verificação
            </Button>
          </Group>
          <StandingActions instance={instance} />
        </Stack>
      </Paper>
    );
  }
  if (instance.approved === false) {
    return (
      <section aria-label="Resultado do processo">
        <Alert color="red" variant="light" icon={<IconX aria-hidden />} title="Processo reprovado">
          <Stack gap="sm" align="flex-start">
            <Note note={instance.finishNote} />
            {isOwner && !instance.childProcessInstance && (
              <Button
                component={Link}
                to={paths.requestProcess(instance.process.id)}
                variant="outline"
                color="red"
                leftSection={<IconRefresh size={18} aria-hidden />}
              >
                Solicitar novamente
              </Button>
            )}
          </Stack>
        </Alert>
      </section>
    );
  }
  return null;
}
