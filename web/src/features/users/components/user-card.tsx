import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { BreakableAddress } from '../../../components/breakable-address';
import type { UserItem } from '../api';
import { fullName, userInitials } from '../format';
import { RoleBadge, StatusBadge } from './user-badges';

interface UserCardProps {
  user: UserItem;
  isSelf: boolean;
  onManage: (user: UserItem) => void;
}

/** Spec §2 Usuários: initials, name, e-mail, role, Ativo/Inativo, 'Você' and 'Gerenciar'. */
export function UserCard({ user, isSelf, onManage }: UserCardProps) {
  const name = fullName(user);
  const nameId = `user-${user.id}-name`;
  return (
    <Card component="article" withBorder radius="lg" padding="lg" aria-labelledby={nameId}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color="leaf.7" variant="filled" radius="xl" size={44} aria-hidden>
              {userInitials(user)}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="wrap">
                <Text id={nameId} fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                {isSelf && (
                  <Badge size="sm" color="rice.9" variant="filled">
                    Você
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <BreakableAddress address={user.email} />
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            <RoleBadge role={user.role} />
            <StatusBadge user={user} />
          </Group>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconSettings size={18} aria-hidden />}
          onClick={() => onManage(user)}
          aria-label={`Gerenciar ${name}`}
        >
          Gerenciar
        </Button>
      </Stack>
    </Card>
  );
}
