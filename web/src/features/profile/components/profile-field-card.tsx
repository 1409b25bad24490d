import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { SessionUser } from '../../../session';
import { BreakableAddress } from '../../../components/breakable-address';
import { displayValue, type ProfileField } from '../profile-fields';

interface ProfileFieldCardProps {
  field: ProfileField;
  user: SessionUser;
  onEdit: (field: ProfileField) => void;
}

/** A read-only card of one personal field, with the pencil that opens its modal. */
export function ProfileFieldCard({ field, user, onEdit }: ProfileFieldCardProps) {
  const labelId = `profile-field-${field.key}`;
  const value = displayValue(field, user);
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={40} radius="md" visibleFrom="xs" aria-hidden>
            <field.icon size={22} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Text id={labelId} size="sm" c="dimmed">
              {field.label}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {field.type === 'email' ? <BreakableAddress address={value} /> : value || '—'}
            </Text>
          </Stack>
        </Group>
        <ActionIcon
          variant="subtle"
          size="lg"
          radius="xl"
          aria-label={`Editar ${field.label}`}
          onClick={() => onEdit(field)}
        >
          <IconPencil size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
