import { useState } from 'react';
import { Button, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconCertificate,
  IconHistory,
  IconKey,
  IconMail,
  IconShieldCheck,
  IconTrash,
  IconUser,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  type IconProps,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { UserEventType } from '@agroselo/contracts';
import { LoadError } from '../../../components/error-alert';
import { HISTORY_PAGE_SIZE, userEventsQueryOptions } from '../api';
import { formatMoment } from '../../../lib/dates';

const ICONS: Record<UserEventType, ComponentType<IconProps>> = {
  account_created: IconUserPlus,
  email_verified: IconMail,
  email_changed: IconMail,
  profile_updated: IconUser,
  password_changed: IconKey,
  password_reset: IconKey,
  disabled: IconUserOff,
  enabled: IconUserCheck,
  promoted_technician: IconCertificate,
  promoted_admin: IconShieldCheck,
  account_deleted: IconTrash,
};

/** Who changed what in the account, and when: newest first, more on request. */
export function UserHistory({ userId }: { userId: string }) {
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData } = useQuery(
    userEventsQueryOptions(userId, limit),
  );

  let content;
  if (isPending) {
    content = (
      <Stack gap="xs" aria-hidden>
        <Skeleton h={14} w="70%" />
        <Skeleton h={14} w="50%" />
      </Stack>
    );
  } else if (isError) {
    content = (
      <LoadError
        title="Não foi possível carregar o histórico"
        query={{ error, isRefetching, refetch }}
      />
    );
  } else if (data.items.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        Nenhuma alteração registrada nesta conta.
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Timeline bulletSize={26} lineWidth={2} aria-label="Histórico da conta">
          {data.items.map((event) => {
            const Icon = ICONS[event.type];
            return (
              <Timeline.Item
                key={event.id}
                bullet={<Icon size={14} aria-hidden />}
                title={event.message}
              >
                <Text size="xs" c="dimmed">
                  {event.actor ? `Por ${event.actor.name} em ` : 'Em '}
                  {formatMoment(event.createdAt)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
        {data.total > data.items.length && (
          <Button
            variant="subtle"
            size="compact-sm"
            loading={isPlaceholderData}
            onClick={() => setLimit((current) => current + HISTORY_PAGE_SIZE)}
            style={{ alignSelf: 'flex-start' }}
          >
            Mostrar mais ({data.total - data.items.length})
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="manage-history">
      <Title order={3} fz="md" id="manage-history">
        <IconHistory size={18} aria-hidden style={{ verticalAlign: '-3px', marginRight: 6 }} />
        Histórico
      </Title>
      {content}
    </Stack>
  );
}
