import { useId } from 'react';
import { Anchor, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconBan,
  IconCertificate,
  IconCertificateOff,
  IconCheck,
  IconCircleCheck,
  IconClipboardCheck,
  IconFlag,
  IconGavel,
  IconMapPin,
  IconMessageReply,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconWorld,
  IconUserShare,
  IconX,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { InstanceEventType } from '@agroselo/contracts';
import { paths } from '../../../lib/paths';
import { StatusBadge } from '../../../components/status-badge';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatMoment } from '../../../lib/dates';

const EVENT_ICONS: Record<InstanceEventType, ComponentType<IconProps>> = {
  requested: IconSend,
  assigned: IconUserShare,
  accepted: IconCheck,
  rejected: IconBan,
  started: IconPlayerPlay,
  opened: IconFlag,
  approved: IconCertificate,
  failed: IconX,
  form_finished: IconClipboardCheck,
  pendency_opened: IconAlertCircle,
  pendency_answered: IconMessageReply,
  pendency_resolved: IconCircleCheck,
  pendency_reopened: IconArrowBackUp,
  inspection_recorded: IconMapPin,
  recommendation: IconGavel,
  publish_consent: IconWorld,
  certificate_suspended: IconPlayerPause,
  certificate_revoked: IconCertificateOff,
  certificate_reinstated: IconPlayerPlay,
};

/** Refusals in red, what still waits on the producer in the rice colour, the rest in leaf. */
const eventColor = (type: InstanceEventType) => {
  if (type === 'rejected' || type === 'failed' || type === 'certificate_revoked') return 'red';
  if (type === 'certificate_suspended') return 'orange';
  if (type === 'pendency_opened' || type === 'pendency_reopened') return 'rice';
  return 'leaf';
};

/** Every step of this instance, oldest first, with who took it and when. */
export function InstanceTimeline({ instance }: { instance: InstanceDetailItem }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          Linha do tempo
        </Title>
        <Timeline
          active={instance.events.length - 1}
          bulletSize={26}
          lineWidth={2}
          role="list"
          aria-labelledby={headingId}
        >
          {instance.events.map((event) => {
            const Icon = EVENT_ICONS[event.type] ?? IconCheck;
            return (
              <Timeline.Item
                key={event.id}
                role="listitem"
                bullet={<Icon size={14} aria-hidden />}
                color={eventColor(event.type)}
                title={<span style={{ overflowWrap: 'anywhere' }}>{event.message}</span>}
              >
                <Text size="xs" c="dimmed">
                  <time dateTime={event.createdAt}>{formatMoment(event.createdAt)}</time>
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
    </Paper>
  );
}

/**
 * Spec §2: the chain of instances of this seal on this property, oldest first and the latest
 * last, each opening its own page; shown once there is more than this one.
 */
export function InstanceChain({ instance }: { instance: InstanceDetailItem }) {
  const headingId = useId();
  if (instance.chain.length < 2) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            Histórico deste selo
          </Title>
          <Text size="sm" c="dimmed">
            Solicitações do selo {instance.process.stamp.name} nesta propriedade.
          </Text>
        </Stack>
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {instance.chain.map((link, index) => {
            const label = `${index + 1}ª solicitação, ${formatMoment(link.createdAt)}`;
            const current = link.id === instance.id;
            return (
              <Group
                key={link.id}
                component="li"
                justify="space-between"
                align="flex-start"
                gap="xs"
                wrap="nowrap"
              >
                {current ? (
                  <Text size="sm" fw={700} aria-current="page" style={{ flex: 1, minWidth: 0 }}>
                    {label} (esta)
                  </Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={paths.producerDetails(link.id)}
                    size="sm"
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    {label}
                  </Anchor>
                )}
                <StatusBadge status={link.status} size="sm" style={{ flex: 'none' }} />
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
