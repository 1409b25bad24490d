import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { isPending, useOutboxItems } from '../../offline/use-outbox';

/**
 * The writes of one instance this device still has to send, on its page: what each is and its
 * state ('Aguardando envio', 'Conflito'); the header's list has the details and the choices.
 */
export function QueuedWrites({ instanceId }: { instanceId: string }) {
  const items = useOutboxItems().filter((item) => item.instanceId === instanceId);
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="yellow.0"
      component="section"
      aria-labelledby="queued-title"
    >
      <Stack gap={6}>
        <Group gap={6}>
          <IconCloudUpload size={18} aria-hidden />
          <Text id="queued-title" fw={600} size="sm">
            Feito neste aparelho, aguardando envio ({items.length})
          </Text>
        </Group>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group component="li" key={item.id} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              <Badge
                color={isPending(item) ? 'yellow' : 'red'}
                variant="light"
                c={isPending(item) ? 'dark' : 'red.9'}
                tt="none"
                style={{ flex: 'none' }}
              >
                {isPending(item)
                  ? 'Aguardando envio'
                  : item.state === 'conflict'
                    ? 'Conflito'
                    : 'Recusado'}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
