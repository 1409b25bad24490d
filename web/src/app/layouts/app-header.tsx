import { Suspense } from 'react';
import { Anchor, Box, Burger, Button, Group, Loader } from '@mantine/core';
import { IconExternalLink, IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { EXTERNAL_LINKS } from '../../lib/site';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { headerLinksFor } from './nav-items';
import { lazyPart } from '../../lib/lazy-part';
import { ACCOUNT_MENU_PARTS } from '../../components/account-menus';

const NotificationBell = lazyPart(ACCOUNT_MENU_PARTS.bell, () =>
  import('../../components/notifications/notification-bell').then(
    (module) => module.NotificationBell,
  ),
);
const UserMenu = lazyPart(ACCOUNT_MENU_PARTS.userMenu, () =>
  import('./user-menu').then((module) => module.UserMenu),
);

interface AppHeaderProps {
  /** Present when there is a side menu to open on small screens. */
  menu?: { opened: boolean; toggle: () => void };
}

export function AppHeader({ menu }: AppHeaderProps) {
  const { status, user } = useSession();
  const links = user ? headerLinksFor(user.role) : [];

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {menu && (
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={menu.opened ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={menu.opened}
          />
        )}
        <Brand to={paths.home()} />
        <Box component="nav" aria-label="Links institucionais" visibleFrom="lg" ml="md">
          <Group gap="lg">
            {EXTERNAL_LINKS.map((link) => (
              <Anchor
                key={link.href}
                href={link.href}
                title={link.title}
                target="_blank"
                rel="noopener noreferrer"
                c="dark"
                fw={600}
                size="sm"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                {link.label}
                <IconExternalLink size={14} aria-hidden />
              </Anchor>
            ))}
          </Group>
        </Box>
      </Group>

      <Box component="nav" aria-label="Navegação principal">
        <Group gap="xs" wrap="nowrap">
          {links.map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              variant="subtle"
              visibleFrom="sm"
              leftSection={<link.icon size={18} aria-hidden />}
            >
              {link.label}
            </Button>
          ))}
          {user ? (
            <Suspense fallback={<Loader size="sm" role="status" aria-label="Carregando menu" />}>
              <NotificationBell />
              <UserMenu user={user} />
            </Suspense>
          ) : status === 'loading' ? (
            <Loader size="sm" role="status" aria-label="Carregando sessão" />
          ) : (
            <Button component={Link} to={paths.login()} leftSection={<IconLogin2 size={18} />}>
              Entrar
            </Button>
          )}
        </Group>
      </Box>
    </Group>
  );
}
