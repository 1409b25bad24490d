import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCertificateOff,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messages,
  STANDING_NOTE_MAX,
  STANDING_REASON_LABELS,
  STANDING_REASONS,
  type InstanceCertificate,
  type StandingReason,
} from '@agroselo/contracts';
import { api, errorMessage, type Camel } from '../../api';
import { ErrorAlert } from '../error-alert';
import { INSTANCE_QUERY_KEY, type InstanceDetailItem } from '../../queries/instances';
import { CERTIFICATE_QUERY_KEY } from '../../queries/certificates';
import { formatMomentDay } from '../../lib/dates';

const m = messages.standing;

type Change = 'suspend' | 'revoke' | 'reinstate';

const CHANGES: Record<Change, { label: string; title: string; notice: string; color: string }> = {
  suspend: { label: m.suspend, title: m.suspendTitle, notice: m.suspendedNotice, color: 'orange' },
  revoke: { label: m.revoke, title: m.revokeTitle, notice: m.revokedNotice, color: 'red.9' },
  reinstate: {
    label: m.reinstate,
    title: m.reinstateTitle,
    notice: m.reinstatedNotice,
    color: 'leaf',
  },
};

const ICONS: Record<Change, typeof IconPlayerPause> = {
  suspend: IconPlayerPause,
  revoke: IconCertificateOff,
  reinstate: IconPlayerPlay,
};

/** PUT /api/certificate/{number}/suspend|revoke|reinstate (admin). */
function useChangeStanding(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, ...body }: { change: Change; reason?: StandingReason; note: string }) =>
      api.put<Camel<InstanceCertificate>>(`/certificate/${number}/${change}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CERTIFICATE_QUERY_KEY }),
      ]),
  });
}

/** 'Suspenso' / 'Cancelado' since when and why, on the certificate block; nothing while valid. */
export function StandingSummary({
  certificate,
}: {
  certificate: NonNullable<InstanceDetailItem['certificate']>;
}) {
  if (certificate.standing === 'valid' || !certificate.standingChangedAt) return null;
  const suspended = certificate.standing === 'suspended';
  return (
    <Alert
      color={suspended ? 'orange' : 'red'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        <Group gap="xs">
          <Badge color={suspended ? 'orange' : 'red'} variant="filled">
            {suspended ? m.suspended : m.revokedBadge}
          </Badge>
          <Text span size="sm" fw={600}>
            {m.since(formatMomentDay(certificate.standingChangedAt))}
          </Text>
        </Group>
      }
    >
      <Stack gap={4}>
        {certificate.standingReason && (
          <Text size="sm">
            {m.reason}: {STANDING_REASON_LABELS[certificate.standingReason]}
          </Text>
        )}
        {certificate.standingNote && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {certificate.standingNote}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The admin's buttons for what the certificate's standing allows, each with its dialog. */
export function StandingActions({ instance }: { instance: InstanceDetailItem }) {
  const [change, setChange] = useState<Change | null>(null);
  const [reason, setReason] = useState<StandingReason | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const certificate = instance.certificate;
  const mutation = useChangeStanding(certificate?.number ?? '');
  const allowed = (['suspend', 'revoke', 'reinstate'] as const).filter(
    (each) => instance.actions[each],
  );
  if (!certificate || allowed.length === 0) return null;

  const open = (next: Change) => {
    setChange(next);
    setReason(null);
    setReasonError(null);
    setNote('');
    mutation.reset();
  };
  const close = () => !mutation.isPending && setChange(null);
  const submit = () => {
    if (!change) return;
    if (change !== 'reinstate' && !reason) {
      setReasonError(messages.safras.reasonRequired);
      return;
    }
    mutation.mutate(
      { change, ...(change === 'reinstate' ? {} : { reason: reason! }), note },
      {
        onSuccess: () => {
          notifications.show({ color: 'leaf', message: CHANGES[change].notice });
          setChange(null);
        },
      },
    );
  };

  return (
    <>
      <Group gap="sm">
        {allowed.map((each) => {
          const Icon = ICONS[each];
          return (
            <Button
              key={each}
              variant="outline"
              color={CHANGES[each].color}
              leftSection={<Icon size={18} aria-hidden />}
              onClick={() => open(each)}
            >
              {CHANGES[each].label}
            </Button>
          );
        })}
      </Group>
      <Modal
        opened={change !== null}
        onClose={close}
        title={change && CHANGES[change].title}
        centered
      >
        {change && (
          <Stack gap="md">
            <Text size="sm">
              Certificado nº {certificate.number}, propriedade {instance.business.businessName}. O
              produtor será avisado por e-mail.
            </Text>
            {change === 'revoke' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {m.revokeWarning}
              </Alert>
            )}
            {change !== 'reinstate' && (
              <Select
                label={m.reason}
                required
                data={STANDING_REASONS.map((value) => ({
                  value,
                  label: STANDING_REASON_LABELS[value],
                }))}
                value={reason}
                onChange={(value) => {
                  setReason(value as StandingReason | null);
                  setReasonError(null);
                }}
                error={reasonError}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Textarea
              label={m.note}
              description={m.noteHint}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={STANDING_NOTE_MAX}
              autosize
              minRows={2}
            />
            {mutation.isError && (
              <ErrorAlert title={m.changeFailed}>{errorMessage(mutation.error)}</ErrorAlert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Voltar
              </Button>
              <Button color={CHANGES[change].color} onClick={submit} loading={mutation.isPending}>
                {CHANGES[change].label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
