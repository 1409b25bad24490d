import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { newVersion } from '../../offline/register';

/**
 * 'Nova versão disponível — Atualizar': a new version of the app is installed on the device and
 * waits; it takes over (and every open page reloads into it) only when the user asks.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(newVersion.subscribe, newVersion.waiting, () => false);
  if (!waiting) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      radius="md"
      p="sm"
      style={{
        position: 'fixed',
        left: 12,
        right: 12,
        bottom: 12,
        zIndex: 400,
        maxWidth: 480,
        marginInline: 'auto',
      }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          Nova versão disponível
        </Text>
        <Button
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={newVersion.apply}
        >
          Atualizar
        </Button>
      </Group>
    </Paper>
  );
}
