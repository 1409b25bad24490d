import { lazy, Suspense, useState } from 'react';
import { Anchor, Avatar, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS } from '@agroselo/contracts';
import { OutboxStatus } from '../../components/offline/outbox-status';
import { forgetOnThisDevice } from '../../offline/forget';
import { useOutboxItems } from '../../offline/use-outbox';
import { paths } from '../../lib/paths';
import { useSession, type SessionUser } from '../../session';

const initials = (user: SessionUser) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

// Asked only before a logout that would drop unsent writes: its code comes then.
const LeaveWarning = lazy(() =>
  import('../../components/offline/leave-warning').then((module) => ({
    default: module.LeaveWarning,
  })),
);

export function UserMenu({ user }: { user: SessionUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const waiting = useOutboxItems().length;
  const [warning, setWarning] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const role = ROLE_LABELS[user.role];

  // A shared phone keeps nothing of the account once it leaves: stored data, drafts, outbox.
  const leave = async () => {
    setLeaving(true);
    await forgetOnThisDevice(user.id);
    logout();
    await navigate(paths.home());
  };
  const signOut = () => {
    if (waiting > 0) setWarning(true);
    else void leave();
  };

  return (
    <Group gap={6} wrap="nowrap">
      <OutboxStatus variant="header" />
      <Anchor
        component={Link}
        to={paths.profile()}
        visibleFrom="md"
        fw={600}
        c="dark"
        maw={180}
        truncate="end"
      >
        {fullName}
      </Anchor>
      <Menu position="bottom-end" width={220} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Menu do usuário: ${fullName} (${role})`}>
            <Group gap={4} wrap="nowrap">
              <Avatar color="leaf.7" variant="filled" radius="xl" size={38}>
                {initials(user)}
              </Avatar>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.email} · {role}
          </Menu.Label>
          <Menu.Item component={Link} to={paths.profile()} leftSection={<IconUser size={16} />}>
            Perfil
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {warning && (
        <Suspense fallback={null}>
          <LeaveWarning
            count={waiting}
            opened
            leaving={leaving}
            onLeave={() => void leave()}
            onStay={() => setWarning(false)}
          />
        </Suspense>
      )}
    </Group>
  );
}
