import { ActionIcon, Box, Loader, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { STAFF_ROLES } from '@agroselo/contracts';
import { CountBadge, formatCount } from '../count-badge';
import { useSession } from '../../session';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { usePendingNotifications } from './api';

const MAX_LISTED = 8;

export function NotificationBell() {
  const { user } = useSession();
  const { data, isPending, isError, error, fetchStatus } = usePendingNotifications();
  // The server renders the bell without its list, which is asked after the page. React hydrates
  // the bell after the page's first commit (a lazy part, in a Suspense boundary), by when the side
  // menu may have had the list: shown with it then, the bell would differ from the server's.
  const hydrated = useHydrated();
  const items = (hydrated && data) || [];
  const count = items.length;
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));

  return (
    <Menu position="bottom-end" width={320} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          size="xl"
          radius="xl"
          mr={18}
          style={{ overflow: 'visible' }}
          aria-label={count > 0 ? `Notificações (${formatCount(count)})` : 'Notificações'}
        >
          <IconBell size={24} aria-hidden />
          <Box
            pos="absolute"
            top={0}
            left={24}
            style={{ pointerEvents: 'none', width: 'max-content' }}
            aria-hidden
          >
            <CountBadge count={count} />
          </Box>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notificações</Menu.Label>
        {isPending && fetchStatus === 'fetching' ? (
          <Box p="sm">
            <Loader size="sm" role="status" aria-label="Carregando notificações" />
          </Box>
        ) : isError ? (
          <Text c="red.9" size="sm" p="sm" role="alert">
            {error.message}
          </Text>
        ) : count === 0 ? (
          <Text c="dimmed" size="sm" p="sm">
            Nenhuma notificação
          </Text>
        ) : (
          <>
            {/* One instance may wait for several things (a request, pendências). */}
            {items.slice(0, MAX_LISTED).map((item, index) => (
              <Menu.Item key={`${item.id}-${index}`} component={Link} to={item.url}>
                {item.message}
              </Menu.Item>
            ))}
            {count > MAX_LISTED && (
              <Text c="dimmed" size="xs" px="sm" py={4}>
                e mais {count - MAX_LISTED}
              </Text>
            )}
          </>
        )}
        {isStaff && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to={paths.pendings()} fw={600}>
              Ver todos os pendentes
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
