import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { messages } from '@agroselo/contracts';
import type { CellItem, ConflictItem } from '../api';
import { formatMoment } from '../../../lib/dates';
import { formatContent } from '../format';

interface ConflictPanelProps {
  conflicts: ConflictItem[];
  /** The field of each conflict (its name and type), and the producer's own value. */
  fieldOf: (id: string) => { field: CellItem; label: string } | undefined;
  mine: (id: string) => string | null;
  onResolve: (conflict: ConflictItem, choice: 'mine' | 'theirs') => void;
}

/**
 * A save met fields saved meanwhile on another device: each shown twice, the producer's value and
 * the one on the server, to keep one of them. Nothing is saved until they choose.
 */
export function ConflictPanel({ conflicts, fieldOf, mine, onResolve }: ConflictPanelProps) {
  if (conflicts.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconGitCompare aria-hidden />}
      title="Alterações em outro aparelho"
      role="alert"
    >
      <Stack gap="md">
        <Text size="sm">{messages.forms.conflict}</Text>
        {conflicts.map((conflict) => {
          const found = fieldOf(conflict.id);
          if (!found) return null;
          const type = found.field.field.type;
          return (
            <Paper key={conflict.id} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {found.label}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      Sua versão (não salva)
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {formatContent(type, mine(conflict.id))}
                    </Text>
                  </Stack>
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      Salva {conflict.updatedBy ? `por ${conflict.updatedBy.name} ` : ''}em{' '}
                      {formatMoment(conflict.updatedAt)}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {formatContent(type, conflict.content)}
                    </Text>
                  </Stack>
                </SimpleGrid>
                <Group gap="xs">
                  <Button size="xs" onClick={() => onResolve(conflict, 'mine')}>
                    Manter a minha
                  </Button>
                  <Button size="xs" variant="default" onClick={() => onResolve(conflict, 'theirs')}>
                    Usar a salva
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Alert>
  );
}
