import { useId } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PENDING_MESSAGES } from '@agroselo/contracts';
import { usePendingNotifications } from './api';

const REVIEW_MESSAGES: readonly string[] = [
  PENDING_MESSAGES.pendencyAnswered,
  PENDING_MESSAGES.pendencyOpen,
];

/**
 * 'Pendentes' lists the pendências that wait for the caller (answered ones for staff, open ones
 * for the producer), the same items as the bell; nothing while there are none.
 */
export function ReviewNotices() {
  const headingId = useId();
  const { data } = usePendingNotifications();
  const items = (data ?? []).filter((item) => REVIEW_MESSAGES.includes(item.message));
  if (items.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          Pendências
        </Title>
        <Stack component="ul" gap={6} m={0} pl="md">
          {items.map((item, index) => (
            <Text component="li" size="sm" key={`${item.id}-${index}`}>
              <Anchor component={Link} to={item.url}>
                {item.message}
              </Anchor>
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
